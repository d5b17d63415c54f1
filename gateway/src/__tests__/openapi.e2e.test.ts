// The OpenAPI document (docs/api.md#the-openapi-document) against the real auth, listings, media,
// moderation and support services: every operation documents its success answer's schema and its
// errors with ErrorBody; the session cookie is declared exactly where an anonymous call is refused
// with 401; and the real answers of the main flows (sign-up to admin review, the 400, 401, 404, 409,
// 413 and 429) match the schema documented for their path, method and status, checked with ajv.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import sharp from 'sharp';
import { AUTH_PATTERNS, LIMITS, type PublicUser } from '@mboa/contracts';
import { LocalFileStore } from '@mboa/platform';
import { TEST_STAFF } from '@mboa/platform/testing';
import { rpcFor, signInAdmin, TEST_ADMIN, uniqueEmail, whatsappCodesSentTo } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

interface Schema {
  [key: string]: unknown;
}
interface Answer {
  description: string;
  content?: Record<string, { schema?: Schema }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  responses: Record<string, Answer>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
}
type Reply = Awaited<ReturnType<Browser['request']>>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let system: TestSystem;
let dir: string;
let doc: Document;
let ajv: Ajv;
const validators = new Map<string, ValidateFunction>();
/** `METHOD path status` of every real answer checked against the document. */
const checked = new Set<string>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-openapi-e2e-'));
  system = await startTestSystem({
    services: ['auth', 'listings', 'media', 'moderation', 'support'],
    env: { ...TEST_ADMIN, MEDIA_DIR: dir },
    gateway: { objectStore: new LocalFileStore(dir) },
  });
  doc = (await new Browser(system.url).get('/api/docs/openapi.json')).body as Document;
  // OpenAPI 3.0 schemas: `nullable` is ajv's own keyword; `binary` is a body, not text to check.
  ajv = new Ajv({ strict: false, allErrors: true });
  // ajv-formats is CommonJS; its plugin is its `default` however the module is loaded.
  formats.default(ajv);
  ajv.addFormat('binary', true);
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await rm(dir, { recursive: true, force: true });
}, 120_000);

function operations(): { path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path: p, method, op })),
  );
}

/** The documented schema of an answer, able to follow the document's `#/components/schemas/…` references. */
function validatorFor(key: string, schema: Schema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: doc.components });
    validators.set(key, validate);
  }
  return validate;
}

/** Checks a real answer against what the document says `method path` answers with its status. */
function check(method: string, template: string, res: Reply): Reply {
  const op = doc.paths[template]?.[method.toLowerCase()] ?? { responses: {} };
  const key = `${method.toUpperCase()} ${template} ${res.status}`;
  expect({ key, documented: Boolean(op.responses[String(res.status)]) }).toEqual({ key, documented: true });
  const answer = op.responses[String(res.status)];
  const schema = answer.content?.['application/json']?.schema;
  expect({ key, schema: Boolean(schema) }).toEqual({ key, schema: true });
  const validate = validatorFor(key, schema!);
  const valid = validate(res.body);
  expect({ key, errors: valid ? null : ajv.errorsText(validate.errors, { separator: '\n' }), body: valid ? null : res.body }).toEqual({ key, errors: null, body: null });
  if (res.status === 429 || res.status === 503) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  checked.add(key);
  return res;
}

describe('the document', () => {
  test('is OpenAPI 3.0 with the session cookie as the cookieAuth scheme and the shared shapes as components', () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    expect(doc.components.securitySchemes.cookieAuth).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'mboa_session' }));
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ErrorBody', 'PropertyRead', 'PublicUser']));
  });

  test('every operation documents its success answer with a schema, and every error with ErrorBody (Retry-After on 429 and 503)', () => {
    const missing: string[] = [];
    for (const { path: p, method, op } of operations()) {
      const name = `${method.toUpperCase()} ${p}`;
      const statuses = Object.keys(op.responses);
      const success = statuses.filter((s) => /^2\d\d$/.test(s));
      if (!success.length) missing.push(`${name}: no success answer`);
      for (const s of success) {
        const content = op.responses[s].content ?? {};
        if (!Object.values(content).some((c) => c.schema)) missing.push(`${name} ${s}: no schema`);
      }
      for (const s of statuses.filter((x) => Number(x) >= 400)) {
        const content = op.responses[s].content ?? {};
        const schema = content['application/json']?.schema;
        // The health check's 503 is its own report, not an error body; a link opened in a browser
        // (the alerts' unsubscribe) answers a page.
        if (!schema) {
          if (!content['text/html']?.schema) missing.push(`${name} ${s}: no body schema`);
        }
        else if (!(p === '/api/health' && s === '503') && schema.$ref !== '#/components/schemas/ErrorBody') missing.push(`${name} ${s}: not ErrorBody`);
        if ((s === '429' || s === '503') && p !== '/api/health' && !op.responses[s].headers?.['Retry-After']) missing.push(`${name} ${s}: no Retry-After`);
      }
      if (['post', 'put', 'patch'].includes(method)) {
        for (const s of ['400', '413']) if (!statuses.includes(s)) missing.push(`${name}: ${s} not documented`);
      }
    }
    expect(missing).toEqual([]);
  });

  test('cookieAuth and 401 are declared exactly on the operations that refuse an anonymous call with 401, and every status met is documented', async () => {
    const anonymous = new Browser(system.url);
    const wrong: string[] = [];
    for (const { path: p, method, op } of operations()) {
      const url = p.replace(/\{key\}/, 'properties/none.webp').replace(/\{[^}]+\}/g, randomUUID());
      const res = await anonymous.request(method.toUpperCase(), url, ['get', 'delete'].includes(method) ? undefined : {});
      const name = `${method.toUpperCase()} ${p}`;
      const declared = Boolean(op.security?.some((s) => 'cookieAuth' in s));
      if ((res.status === 401) !== declared) wrong.push(`${name}: answered ${res.status} signed out, cookieAuth ${declared ? '' : 'not '}declared`);
      if (declared && !op.responses['401']) wrong.push(`${name}: cookieAuth without 401`);
      if (!op.responses[String(res.status)]) wrong.push(`${name}: answered ${res.status}, not documented`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('real answers match the documented schemas', () => {
  const anon = () => new Browser(system.url);
  let landlord: Browser;
  let landlordUser: PublicUser;
  let renter: Browser;
  let admin: Browser;
  let propertyId: string;
  let town: string;

  test('sign-up, login, the profile and its language', async () => {
    landlord = anon();
    const email = uniqueEmail('openapi.landlord');
    const signup = check('POST', '/api/auth/signup', await landlord.post('/api/auth/signup', {
      name: 'Mbarga Paul',
      email,
      password: 'test password 1',
      role: 'landlord',
      whatsapp: '677001122',
      agreeToTerms: true,
    }));
    expect(signup.status).toBe(201);
    landlordUser = signup.body.user as PublicUser;
    const rpc = await rpcFor(system);
    try {
      await rpc.call(AUTH_PATTERNS.usersVerify, { userId: landlordUser.id, actor: TEST_STAFF });
    } finally {
      await rpc.close();
    }
    // A new session after the verification, as a landlord signing in again would have.
    expect(check('POST', '/api/auth/login', await landlord.post('/api/auth/login', { email, password: 'test password 1' })).status).toBe(200);
    expect(check('GET', '/api/me', await landlord.get('/api/me')).body.user.isVerified).toBe(true);
    expect(check('GET', '/api/user/me', await landlord.get('/api/user/me')).status).toBe(200);
    expect(check('PATCH', '/api/user/me', await landlord.request('PATCH', '/api/user/me', { language: 'fr' })).status).toBe(200);
    // A landlord posts from a proven number: the code sent to it (read from the outbox), typed back.
    expect(check('GET', '/api/me/whatsapp', await landlord.get('/api/me/whatsapp')).body.whatsappProvenAt).toBeNull();
    expect(check('POST', '/api/me/whatsapp/code', await landlord.post('/api/me/whatsapp/code')).status).toBe(200);
    const [code] = await whatsappCodesSentTo(system, landlordUser.whatsapp);
    expect(check('POST', '/api/me/whatsapp/verify', await landlord.post('/api/me/whatsapp/verify', { code })).status).toBe(200);

    renter = anon();
    expect(check('POST', '/api/auth/signup', await renter.post('/api/auth/signup', {
      name: 'Awa Nkem',
      email: uniqueEmail('openapi.renter'),
      password: 'test password 1',
      role: 'renter',
      whatsapp: '674123456',
      agreeToTerms: true,
    })).status).toBe(201);
    admin = (await signInAdmin(system)).browser;
  });

  test('posting a property with a photo (multipart), its photo, review, search, details and similar', async () => {
    town = `Kribi ${randomUUID().slice(0, 8)}`;
    const form = new FormData();
    const fields: Record<string, string> = {
      category: 'residential',
      propertyType: 'studio',
      title: 'Studio near the beach',
      paymentTerm: 'monthly',
      price: '60000',
      caution: '120000',
      advanceMonths: '3',
      description: 'A bright studio with water and electricity.',
      'location[town]': town,
      'location[neighbourhood]': 'Mokolo',
      'specifications[bedrooms]': '1',
      'specifications[toilets]': '1',
      'specifications[size]': '28',
      amenities: JSON.stringify(['water', 'electricity']),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('propertyImages', new Blob([new Uint8Array(await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c8843c' } }).webp().toBuffer())], { type: 'image/webp' }), 'studio.webp');
    const posted = await fetch(`${system.url}/api/property/post`, { method: 'POST', body: form, headers: { cookie: `mboa_session=${landlord.cookie('mboa_session')}` } });
    const res = check('POST', '/api/property/post', { status: posted.status, headers: posted.headers, body: await posted.json(), text: '' });
    expect(res.status).toBe(201);
    propertyId = res.body.id as string;

    const photo = await fetch(`${system.url}${res.body.property.propertyImages[0].url as string}`);
    expect(photo.status).toBe(200);
    expect(Object.keys(doc.paths['/media/{key}'].get.responses['200'].content ?? {})).toContain(photo.headers.get('content-type'));

    expect(check('POST', '/api/admin/properties/{id}/review', await admin.post(`/api/admin/properties/${propertyId}/review`, { action: 'approve', feedback: '' })).status).toBe(200);
    expect(check('GET', '/api/admin/properties/{id}', await admin.get(`/api/admin/properties/${propertyId}`)).status).toBe(200);
    expect(check('PATCH', '/api/admin/properties/{id}', await admin.request('PATCH', `/api/admin/properties/${propertyId}`, { price: 65000 })).status).toBe(200);
    // Search follows an approval within about a second.
    let found: Reply | undefined;
    for (let i = 0; i < 40; i++) {
      found = await anon().get(`/api/properties/search?town=${encodeURIComponent(town)}`);
      if (found.body?.total) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(check('GET', '/api/properties/search', found!).body.properties[0].id).toBe(propertyId);
    expect(check('GET', '/api/properties/{id}', await renter.get(`/api/properties/${propertyId}`)).body.owner).toBeDefined();
    expect(check('GET', '/api/properties/{id}/similar', await anon().get(`/api/properties/${propertyId}/similar`)).status).toBe(200);
  });

  test('My Listings, a booking, a favourite, a saved search, a report and the support forms', async () => {
    expect(check('POST', '/api/property/my-listings', await landlord.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 5 } })).body.data).toHaveLength(1);
    expect(check('POST', '/api/property/my-listings', await landlord.post('/api/property/my-listings', { action: 'confirm', payload: { id: propertyId } })).status).toBe(200);
    const booking = await renter.post('/api/property/bookings', { To: { user: landlordUser.id, name: 'Mbarga Paul', whatsapp: '677001122' }, propertyId });
    expect(check('POST', '/api/property/bookings', booking).status).toBe(201);
    expect(check('PUT', '/api/favourites/{propertyId}', await renter.request('PUT', `/api/favourites/${propertyId}`)).status).toBe(200);
    expect(check('GET', '/api/favourites', await renter.get('/api/favourites')).body.total).toBe(1);
    expect(check('GET', '/api/favourites/cards', await anon().get(`/api/favourites/cards?ids=${propertyId}`)).body.favourites).toHaveLength(1);
    expect(check('POST', '/api/saved-searches', await renter.post('/api/saved-searches', { town, rooms: 1, frequency: 'daily' })).status).toBe(201);
    expect(check('GET', '/api/saved-searches', await renter.get('/api/saved-searches')).body.searches).toHaveLength(1);
    expect(check('POST', '/api/properties/{id}/reports', await renter.post(`/api/properties/${propertyId}/reports`, { reason: 'wrong-price' })).status).toBe(201);
    expect(check('POST', '/api/properties/request-space', await anon().post('/api/properties/request-space', { requestText: 'A studio in Kribi', whatsapp: '690000000' })).status).toBe(201);
    const ticket = await renter.post('/api/properties/support', { name: 'Awa', email: 'awa@example.cm', subject: 'Help', message: 'How do I post?' });
    expect(check('POST', '/api/properties/support', ticket).status).toBe(201);
    expect(check('POST', '/api/auth/password-reset/request', await anon().post('/api/auth/password-reset/request', { email: 'nobody@example.cm' })).status).toBe(200);
    expect(check('GET', '/api/health', await anon().get('/api/health')).status).toBe(200);
  });

  test('the admin screens', async () => {
    expect(check('GET', '/api/admin/stats', await admin.get('/api/admin/stats')).status).toBe(200);
    expect(check('POST', '/api/admin/manage/user', await admin.post('/api/admin/manage/user', { type: 'list', payload: { page: 1 } })).status).toBe(200);
    expect(check('POST', '/api/admin/manage/properties', await admin.post('/api/admin/manage/properties', { type: 'list', payload: { page: 1 } })).status).toBe(200);
    const requests = check('POST', '/api/admin/manage/requests', await admin.post('/api/admin/manage/requests', { type: 'get', payload: { page: 1 } }));
    const tickets = check('POST', '/api/admin/manage/support', await admin.post('/api/admin/manage/support', { type: 'get', payload: { page: 1 } }));
    const ticketId = tickets.body.data[0].id as string;
    expect(requests.body.data.length).toBeGreaterThan(0);
    const update = { type: 'update-status', payload: { ticketId, newStatus: 'in-progress' } };
    expect(check('POST', '/api/admin/manage/support', await admin.post('/api/admin/manage/support', update)).status).toBe(200);
    expect(check('GET', '/api/admin/reports', await admin.get('/api/admin/reports')).body.cases.length).toBeGreaterThan(0);
    expect(check('POST', '/api/admin/reports/{propertyId}/dismiss', await admin.post(`/api/admin/reports/${propertyId}/dismiss`)).status).toBe(200);
    // The 409: the same status again.
    expect(check('POST', '/api/admin/manage/support', await admin.post('/api/admin/manage/support', update)).status).toBe(409);
  });

  test('the errors: 400, 401, 403, 404, 409, 413 and 429 (with Retry-After)', async () => {
    const bad = check('POST', '/api/auth/signup', await anon().post('/api/auth/signup', { email: 'not an e-mail' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.length).toBeGreaterThan(0);
    expect(check('GET', '/api/user/me', await anon().get('/api/user/me')).status).toBe(401);
    expect(check('GET', '/api/admin/stats', await renter.get('/api/admin/stats')).status).toBe(403);
    expect(check('GET', '/api/properties/{id}', await anon().get(`/api/properties/${randomUUID()}`)).status).toBe(404);
    expect(check('POST', '/api/properties/{id}/reports', await renter.post(`/api/properties/${propertyId}/reports`, { reason: 'scam' })).status).toBe(409);
    const huge = JSON.stringify({ name: 'Awa', email: 'awa@example.cm', subject: 'Help', message: 'x'.repeat(LIMITS.http.jsonBodyBytes + 1) });
    expect(check('POST', '/api/properties/support', await anon().post('/api/properties/support', huge)).status).toBe(413);
    const email = uniqueEmail('openapi.reset');
    let refused: Reply | undefined;
    for (let i = 0; i <= LIMITS.passwordResetLimits.requestsPerEmail && refused?.status !== 429; i++) {
      refused = await anon().post('/api/auth/password-reset/request', { email });
    }
    expect(check('POST', '/api/auth/password-reset/request', refused!).status).toBe(429);
    expect(check('POST', '/api/auth/logout', await landlord.post('/api/auth/logout')).status).toBe(200);
  });

  test('the flows covered the main operations and every error status asked of the document', () => {
    for (const key of [
      'POST /api/auth/signup 201',
      'POST /api/auth/login 200',
      'GET /api/properties/search 200',
      'GET /api/properties/{id} 200',
      'POST /api/property/post 201',
      'POST /api/property/my-listings 200',
      'POST /api/property/bookings 201',
      'POST /api/properties/request-space 201',
      'POST /api/properties/support 201',
      'POST /api/admin/properties/{id}/review 200',
    ]) {
      expect(checked).toContain(key);
    }
    const statuses = new Set([...checked].map((k) => k.split(' ')[2]));
    for (const s of ['400', '401', '403', '404', '409', '413', '429']) expect(statuses).toContain(s);
  });
});

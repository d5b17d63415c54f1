import { MESSAGES, REQUEST_STATUSES, TICKET_STATUSES, type PublicUser } from '@mboa/contracts';
import { passSecondFactor } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

const ADMIN = { email: 'staff@mboa.cm', password: 'staff password 1' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let system: TestSystem;
let admin: Browser;
let renter: Browser;
let renterUser: PublicUser;
let seq = 0;
const tag = (label: string) => `${label} #${Date.now()}-${seq++}`;

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'support'], env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  admin = new Browser(system.url);
  expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
  await passSecondFactor(admin, ADMIN.email);
  renter = new Browser(system.url);
  const signup = await renter.post('/api/auth/signup', {
    name: 'Awa Nkem',
    email: 'awa.renter@example.cm',
    password: 'correct horse',
    role: 'renter',
    whatsapp: '674123456',
    agreeToTerms: true,
  });
  expect(signup.status).toBe(201);
  renterUser = signup.body.user;
});

afterAll(async () => {
  await system?.stop();
});

const anonymous = () => new Browser(system.url);
const listRequests = (payload: Record<string, unknown> = { page: 1, limit: 50 }) =>
  admin.post('/api/admin/manage/requests', { type: 'get', payload });
const listTickets = (payload: Record<string, unknown> = { page: 1, limit: 50 }) =>
  admin.post('/api/admin/manage/support', { type: 'get', payload });
const total = async (list: () => Promise<{ body: { pagination: { total: number } } }>) => (await list()).body.pagination.total;

const ticketBody = (over: Record<string, unknown> = {}) => ({
  name: 'Ngono Paul',
  email: 'ngono@example.cm',
  phone: '677112233',
  subject: tag('Verification'),
  message: 'How do I get my account verified?',
  ...over,
});

describe('POST /api/properties/request-space (public)', () => {
  test('stores a request without sign-in; staff see it first, status "searching"', async () => {
    const requestText = tag('A 2-bedroom apartment in Molyko');
    const res = await anonymous().post('/api/properties/request-space', { requestText: `  ${requestText} `, whatsapp: '674000111' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: MESSAGES.request.success });
    expect(res.body.data).toEqual({
      _id: res.body.data.id,
      id: expect.any(String),
      requestText,
      whatsapp: '674000111',
      status: 'searching',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await listRequests();
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual(res.body.data);
  });

  test.each([
    ['empty request text', { requestText: '', whatsapp: '674000111' }, MESSAGES.request.textRequired],
    ['blank request text', { requestText: '   \n ', whatsapp: '674000111' }, MESSAGES.request.textRequired],
    ['missing request text', { whatsapp: '674000111' }, MESSAGES.request.textRequired],
    ['empty WhatsApp', { requestText: 'A shop in Limbe', whatsapp: '' }, MESSAGES.request.whatsappRequired],
    ['missing WhatsApp', { requestText: 'A shop in Limbe' }, MESSAGES.request.whatsappRequired],
    ['both empty', { requestText: '', whatsapp: '' }, MESSAGES.request.textRequired],
    ['no body', undefined, MESSAGES.request.textRequired],
  ])('%s is 400 with the catalog text and stores nothing', async (_label, body, message) => {
    const before = await total(listRequests);
    const res = await anonymous().post('/api/properties/request-space', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await total(listRequests)).toBe(before);
  });
});

describe('POST /api/properties/support (public)', () => {
  test('stores a ticket without sign-in, status "pending", with no sender', async () => {
    const body = ticketBody({ phone: '' });
    const res = await anonymous().post('/api/properties/support', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: MESSAGES.contact.success });
    expect(res.body.data).toEqual({
      _id: res.body.data.id,
      id: expect.any(String),
      name: 'Ngono Paul',
      email: 'ngono@example.cm',
      phone: null,
      subject: body.subject,
      message: body.message,
      whatsapp: null,
      userId: null,
      status: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await listTickets()).body.data[0]).toEqual(res.body.data);
  });

  test('a signed-in sender is attached to the ticket, with their WhatsApp', async () => {
    const res = await renter.post('/api/properties/support', ticketBody({ name: renterUser.name, email: renterUser.email }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ userId: renterUser.id, whatsapp: '674123456', phone: '677112233', status: 'pending' });
    const withOwnWhatsapp = await renter.post('/api/properties/support', ticketBody({ whatsapp: '699999999' }));
    expect(withOwnWhatsapp.body.data).toMatchObject({ userId: renterUser.id, whatsapp: '699999999' });
  });

  test('a sender id in the body is ignored: only the session names the sender', async () => {
    const res = await anonymous().post('/api/properties/support', ticketBody({ userId: renterUser.id }));
    expect(res.status).toBe(201);
    expect(res.body.data.userId).toBeNull();
  });

  test('a stale session cookie does not block the public form', async () => {
    const res = await anonymous().post('/api/properties/support', ticketBody(), { cookie: 'mboa_session=not-a-session' });
    expect(res.status).toBe(201);
    expect(res.body.data.userId).toBeNull();
  });

  test.each([
    ['name', { name: '' }, MESSAGES.contact.nameRequired],
    ['email', { email: '  ' }, MESSAGES.contact.emailRequired],
    ['subject', { subject: '' }, MESSAGES.contact.subjectRequired],
    ['message', { message: undefined }, MESSAGES.contact.messageRequired],
  ])('an empty %s is 400 with its text and stores nothing', async (field, over, message) => {
    const before = await total(listTickets);
    const res = await anonymous().post('/api/properties/support', ticketBody(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([`${field}: ${message}`]);
    expect(await total(listTickets)).toBe(before);
  });

  test('an invalid e-mail is 400 and every empty field is listed', async () => {
    const before = await total(listTickets);
    const invalid = await anonymous().post('/api/properties/support', ticketBody({ email: 'not-an-email' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(MESSAGES.contact.invalidEmail);
    const empty = await anonymous().post('/api/properties/support', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual(
      expect.arrayContaining([
        `name: ${MESSAGES.contact.nameRequired}`,
        `email: ${MESSAGES.contact.emailRequired}`,
        `subject: ${MESSAGES.contact.subjectRequired}`,
        `message: ${MESSAGES.contact.messageRequired}`,
      ]),
    );
    expect(await total(listTickets)).toBe(before);
  });
});

describe('POST /api/admin/manage/requests', () => {
  test('pages newest first, filters by status, and "all" means every status', async () => {
    const made: { id: string }[] = [];
    for (let i = 0; i < 7; i++) {
      made.push((await anonymous().post('/api/properties/request-space', { requestText: tag(`Paging ${i}`), whatsapp: '674000222' })).body.data);
    }
    const all = (await listRequests({ page: 1, limit: 50, status: 'all' })).body.pagination.total;
    const page1 = await listRequests({ page: 1, limit: 3 });
    expect(page1.body).toMatchObject({ success: true, pagination: { total: all, page: 1, limit: 3, totalPages: Math.ceil(all / 3) } });
    expect(page1.body.data.map((r: { id: string }) => r.id)).toEqual([made[6].id, made[5].id, made[4].id]);
    const page2 = await listRequests({ page: 2, limit: 3 });
    expect(page2.body.data.map((r: { id: string }) => r.id)).toEqual([made[3].id, made[2].id, made[1].id]);
    const defaults = await admin.post('/api/admin/manage/requests', { type: 'get' });
    expect(defaults.body.pagination).toMatchObject({ page: 1, limit: 10 });

    await admin.post('/api/admin/manage/requests', { type: 'update-status', payload: { requestId: made[0].id, newStatus: 'contacted' } });
    const contacted = await listRequests({ page: 1, limit: 50, status: 'contacted' });
    expect(contacted.body.data.map((r: { id: string }) => r.id)).toContain(made[0].id);
    expect(contacted.body.data.every((r: { status: string }) => r.status === 'contacted')).toBe(true);
    const searching = await listRequests({ page: 1, limit: 50, status: 'searching' });
    expect(searching.body.data.map((r: { id: string }) => r.id)).not.toContain(made[0].id);
    expect(searching.body.pagination.total + contacted.body.pagination.total).toBe(all);
  });

  test('update-status sets every other status, refuses the same one (409), unknown ids (404) and bad statuses (400)', async () => {
    const { data } = (await anonymous().post('/api/properties/request-space', { requestText: tag('Status walk'), whatsapp: '674000333' })).body;
    const update = (newStatus: unknown, requestId: unknown = data.id) =>
      admin.post('/api/admin/manage/requests', { type: 'update-status', payload: { requestId, newStatus } });
    const same = await update('searching');
    expect(same.status).toBe(409);
    expect(same.body).toEqual({ message: MESSAGES.status.sameStatus });
    let current = 'searching';
    for (const next of [...REQUEST_STATUSES.filter((s) => s !== 'searching'), 'searching', 'contacted'] as const) {
      const res = await update(next);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: MESSAGES.toast.requestStatusUpdated, data: { id: data.id, status: next } });
      expect(next).not.toBe(current);
      current = next;
    }
    expect((await update('contacted')).status).toBe(409);
    const unknown = await update('match-found', UNKNOWN_ID);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MESSAGES.request.notFound);
    expect((await update('match-found', 'nope')).status).toBe(404);
    const bad = await update('found');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.common.invalidStatus);
    const list = await listRequests({ page: 1, limit: 50, status: 'contacted' });
    expect(list.body.data.find((r: { id: string; status: string }) => r.id === data.id)?.status).toBe('contacted');
  });
});

describe('POST /api/admin/manage/support', () => {
  test('pages newest first and filters by every status; empty status means every status', async () => {
    const made: { id: string }[] = [];
    for (let i = 0; i < 4; i++) made.push((await anonymous().post('/api/properties/support', ticketBody())).body.data);
    await admin.post('/api/admin/manage/support', { type: 'update-status', payload: { ticketId: made[0].id, newStatus: 'in-progress' } });
    await admin.post('/api/admin/manage/support', { type: 'update-status', payload: { ticketId: made[1].id, newStatus: 'completed' } });
    const all = await listTickets({ page: 1, limit: 50, status: '' });
    const counts = await Promise.all(TICKET_STATUSES.map(async (status) => (await listTickets({ page: 1, limit: 50, status })).body));
    expect(counts.reduce((sum, body) => sum + body.pagination.total, 0)).toBe(all.body.pagination.total);
    TICKET_STATUSES.forEach((status, i) => expect(counts[i]!.data.every((t: { status: string }) => t.status === status)).toBe(true));
    expect(counts[1]!.data.map((t: { id: string }) => t.id)).toContain(made[0].id);
    expect(counts[2]!.data.map((t: { id: string }) => t.id)).toContain(made[1].id);
    const page1 = await listTickets({ page: 1, limit: 2 });
    expect(page1.body.data.map((t: { id: string }) => t.id)).toEqual([made[3].id, made[2].id]);
    expect(page1.body.pagination).toEqual({ total: all.body.pagination.total, page: 1, limit: 2, totalPages: Math.ceil(all.body.pagination.total / 2) });
  });

  test('update-status sets every other status, refuses the same one (409), unknown ids (404) and bad statuses (400)', async () => {
    const { data } = (await anonymous().post('/api/properties/support', ticketBody())).body;
    const update = (newStatus: unknown, ticketId: unknown = data.id) =>
      admin.post('/api/admin/manage/Support', { type: 'update-status', payload: { ticketId, newStatus } });
    const same = await update('pending');
    expect(same.status).toBe(409);
    expect(same.body).toEqual({ message: MESSAGES.status.sameStatus });
    for (const next of ['in-progress', 'completed', 'pending', 'completed', 'in-progress'] as const) {
      const res = await update(next);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: MESSAGES.toast.supportStatusUpdated, data: { id: data.id, status: next } });
    }
    expect((await update('in-progress')).status).toBe(409);
    const unknown = await update('completed', UNKNOWN_ID);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MESSAGES.contact.ticketNotFound);
    expect((await update('closed')).status).toBe(400);
  });

  test.each([
    '/api/admin/manage/Support',
    '/api/Admin/Manage/SUPPORT',
    '/API/ADMIN/MANAGE/SUPPORT',
    '/api/admin/manage/sUpPoRt',
    '/api/admin/Manage/support',
  ])('answers under %s, with the same guards', async (path) => {
    const list = await admin.post(path, { type: 'get', payload: { page: 1, limit: 1, status: '' } });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, pagination: { page: 1, limit: 1 } });
    const { data } = (await anonymous().post('/api/properties/support', ticketBody())).body;
    const updated = await admin.post(path, { type: 'update-status', payload: { ticketId: data.id, newStatus: 'completed' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.status).toBe('completed');
    expect((await anonymous().post(path, { type: 'get', payload: {} })).status).toBe(401);
    expect((await renter.post(path, { type: 'get', payload: {} })).status).toBe(403);
  });
});

describe('who may use the admin routes', () => {
  const routes = ['/api/admin/manage/requests', '/api/admin/manage/support'];
  const bodies = [
    { type: 'get', payload: { page: 1, limit: 10 } },
    { type: 'update-status', payload: { requestId: UNKNOWN_ID, ticketId: UNKNOWN_ID, newStatus: 'contacted' } },
  ];

  test.each(routes)('%s: 401 signed out, 403 for a renter, and nothing changes', async (route) => {
    for (const body of bodies) {
      const out = await anonymous().post(route, body);
      expect(out.status).toBe(401);
      expect(out.body).toEqual({ message: MESSAGES.auth.notSignedIn });
      const forbidden = await renter.post(route, body);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({ message: MESSAGES.auth.adminOnly });
    }
    // The guards run before validation: a stranger learns nothing about the body's shape.
    expect((await anonymous().post(route, { type: 'nonsense' })).status).toBe(401);
    expect((await renter.post(route, [])).status).toBe(403);
  });

  test('a renter cannot change a status', async () => {
    const { data } = (await anonymous().post('/api/properties/request-space', { requestText: tag('Guarded'), whatsapp: '674000444' })).body;
    const res = await renter.post('/api/admin/manage/requests', { type: 'update-status', payload: { requestId: data.id, newStatus: 'contacted' } });
    expect(res.status).toBe(403);
    const list = await listRequests({ page: 1, limit: 50, status: 'searching' });
    expect(list.body.data.find((r: { id: string; status: string }) => r.id === data.id)?.status).toBe('searching');
  });
});

describe('bad input is 400 (or 413), never a 5xx, and changes nothing', () => {
  const huge = 'x'.repeat(60_000);
  const hugeBody = 'y'.repeat(200_000);

  const cases: [string, string, unknown][] = [
    ['request-space', '/api/properties/request-space', null],
    ['request-space', '/api/properties/request-space', []],
    ['request-space', '/api/properties/request-space', { requestText: 42, whatsapp: 674000111 }],
    ['request-space', '/api/properties/request-space', { requestText: { $ne: '' }, whatsapp: ['674'] }],
    ['request-space', '/api/properties/request-space', { requestText: true, whatsapp: null }],
    ['request-space', '/api/properties/request-space', { requestText: huge, whatsapp: '674000111' }],
    ['request-space', '/api/properties/request-space', { requestText: 'ok', whatsapp: huge }],
    ['request-space', '/api/properties/request-space', '"just a string"'],
    ['request-space', '/api/properties/request-space', '{"requestText": '],
    ['support', '/api/properties/support', null],
    ['support', '/api/properties/support', { name: ['x'], email: 5, subject: {}, message: false }],
    ['support', '/api/properties/support', { name: 'N', email: 'n@example.cm', subject: 'S', message: huge }],
    ['support', '/api/properties/support', { name: huge, email: 'n@example.cm', subject: 'S', message: 'M' }],
    ['support', '/api/properties/support', { name: 'N', email: 'n@example.cm', subject: 'S', message: 'M', phone: { a: 1 } }],
    ['support', '/api/properties/support', { name: 'N', email: 'n@example.cm', subject: 'S', message: 'M', whatsapp: huge }],
    ['support', '/api/properties/support', { name: 'N', email: `${huge}@example.cm`, subject: 'S', message: 'M' }],
  ];
  const adminCases: [string, unknown][] = [
    ['/api/admin/manage/requests', null],
    ['/api/admin/manage/requests', {}],
    ['/api/admin/manage/requests', { type: 'delete', payload: {} }],
    ['/api/admin/manage/requests', { type: 'get', payload: null }],
    ['/api/admin/manage/requests', { type: 'get', payload: 'page=1' }],
    ['/api/admin/manage/requests', { type: 'get', payload: { page: 'two' } }],
    ['/api/admin/manage/requests', { type: 'get', payload: { page: -1 } }],
    ['/api/admin/manage/requests', { type: 'get', payload: { page: 1e308 } }],
    ['/api/admin/manage/requests', { type: 'get', payload: { limit: 10_000 } }],
    ['/api/admin/manage/requests', { type: 'get', payload: { status: ['searching'] } }],
    ['/api/admin/manage/requests', { type: 'get', payload: { status: 'pending' } }],
    ['/api/admin/manage/requests', { type: 'update-status', payload: null }],
    ['/api/admin/manage/requests', { type: 'update-status' }],
    ['/api/admin/manage/requests', { type: 'update-status', payload: { requestId: { id: 1 }, newStatus: 'contacted' } }],
    ['/api/admin/manage/requests', { type: 'update-status', payload: { requestId: huge, newStatus: 'contacted' } }],
    ['/api/admin/manage/requests', { type: 'update-status', payload: { requestId: UNKNOWN_ID, newStatus: 'in-progress' } }],
    ['/api/admin/manage/requests', { type: 'update-status', payload: { requestId: UNKNOWN_ID } }],
    ['/api/admin/manage/support', null],
    ['/api/admin/manage/support', []],
    ['/api/admin/manage/support', { type: 42 }],
    ['/api/admin/manage/support', { type: 'get', payload: null }],
    ['/api/admin/manage/support', { type: 'get', payload: { status: 'searching' } }],
    ['/api/admin/manage/support', { type: 'get', payload: { page: 2.5 } }],
    ['/api/admin/manage/support', { type: 'update-status', payload: { ticketId: UNKNOWN_ID, newStatus: 'contacted' } }],
    ['/api/admin/manage/support', { type: 'update-status', payload: { requestId: UNKNOWN_ID, newStatus: 'completed' } }],
    ['/api/admin/manage/support', { type: 'update-status', payload: { ticketId: null, newStatus: null } }],
    ['/api/admin/manage/Support', { type: 'update-status', payload: [] }],
  ];

  test.each(cases.map(([form, path, body], i) => [`${form} #${i}`, path, body] as const))('%s', async (_label, path, body) => {
    const before = [await total(listRequests), await total(listTickets)];
    const res = await anonymous().post(path, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect([await total(listRequests), await total(listTickets)]).toEqual(before);
  });

  test.each(adminCases.map(([path, body], i) => [`${path} #${i}`, path, body] as const))('%s', async (_label, path, body) => {
    const res = await admin.post(path, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  test('a body over the JSON limit is 413 on every route', async () => {
    for (const [path, client] of [
      ['/api/properties/request-space', anonymous()],
      ['/api/properties/support', anonymous()],
      ['/api/admin/manage/requests', admin],
      ['/api/admin/manage/SUPPORT', admin],
    ] as const) {
      const res = await client.post(path, { requestText: hugeBody, whatsapp: '674000111', name: hugeBody });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: MESSAGES.common.payloadTooLarge });
    }
  });
});

describe('around the routes', () => {
  test('the origin check covers every capitalisation: a cross-site call changes nothing', async () => {
    const { data } = (await anonymous().post('/api/properties/support', ticketBody())).body;
    const evil = new Browser(system.url, 'https://evil.example');
    for (const path of ['/api/admin/manage/support', '/API/Admin/Manage/Support']) {
      const res = await evil.post(path, { type: 'update-status', payload: { ticketId: data.id, newStatus: 'completed' } });
      expect(res.status).toBe(403);
    }
    expect((await evil.post('/API/PROPERTIES/REQUEST-SPACE', { requestText: 'x', whatsapp: 'y' })).status).toBe(403);
    const pending = await listTickets({ page: 1, limit: 50, status: 'pending' });
    expect(pending.body.data.map((t: { id: string }) => t.id)).toContain(data.id);
  });

  test('the OpenAPI document describes all four routes with their bodies', async () => {
    const doc = (await anonymous().get('/api/docs/openapi.json')).body;
    for (const path of ['/api/properties/request-space', '/api/properties/support', '/api/admin/manage/requests', '/api/admin/manage/support']) {
      const op = doc.paths[path]?.post;
      expect(op?.summary).toEqual(expect.any(String));
      expect(op?.requestBody?.content?.['application/json']?.schema).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/properties/request-space'].post.requestBody)).toContain('requestText');
    expect(JSON.stringify(doc.paths['/api/admin/manage/support'].post.requestBody)).toContain('ticketId');
  });
});

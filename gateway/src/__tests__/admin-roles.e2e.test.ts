import { signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

/**
 * docs/api.md#roles-and-who-may-call-what: every /api/admin/* route answers 401 signed out and
 * 403 to any role but admin. The routes come from the OpenAPI document, so a route added later
 * is walked too.
 */
let system: TestSystem;
let routes: { method: string; path: string }[];
const SOME_ID = '00000000-0000-4000-8000-000000000000';

const BODIES: Record<string, unknown> = {
  '/api/admin/manage/user': { type: 'list', payload: { page: 1, limit: 10 } },
  '/api/admin/manage/properties': { type: 'list', payload: { page: 1, limit: 10 } },
  '/api/admin/manage/requests': { type: 'get', payload: { page: 1, limit: 10, status: 'all' } },
  '/api/admin/manage/support': { type: 'get', payload: { page: 1, limit: 10, status: '' } },
};

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation', 'support'], env: TEST_ADMIN });
  const doc = (await new Browser(system.url).get('/api/docs/openapi.json')).body;
  routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith('/api/admin'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, SOME_ID) })));
  // Older clients' update call spells the support path differently.
  routes.push({ method: 'POST', path: '/api/admin/manage/Support' });
});

afterAll(async () => {
  await system?.stop();
});

function call(browser: Browser, route: { method: string; path: string }) {
  const body = route.method === 'GET' ? undefined : (BODIES[route.path.toLowerCase()] ?? { name: 'Someone' });
  return browser.request(route.method, route.path, body);
}

test('the OpenAPI document lists every admin call of docs/api.md', () => {
  const listed = routes.map((r) => `${r.method} ${r.path}`);
  for (const expected of [
    'GET /api/admin/stats',
    'POST /api/admin/manage/user',
    'POST /api/admin/manage/properties',
    'POST /api/admin/manage/requests',
    'POST /api/admin/manage/support',
    `GET /api/admin/properties/${SOME_ID}`,
    `POST /api/admin/properties/${SOME_ID}/review`,
    `PATCH /api/admin/properties/${SOME_ID}`,
    `PATCH /api/admin/users/${SOME_ID}`,
    'GET /api/admin/reports',
    `POST /api/admin/reports/${SOME_ID}/dismiss`,
    `POST /api/admin/reports/${SOME_ID}/act`,
  ]) {
    expect(listed).toContain(expected);
  }
});

test('every admin route: 401 signed out, 403 for renters, landlords and caretakers (verified or not), allowed for admins', async () => {
  const signedOut = new Browser(system.url);
  const people = {
    renter: (await signUp(system, 'renter')).browser,
    landlord: (await signUp(system, 'landlord')).browser,
    'verified landlord': (await signUp(system, 'landlord', { verified: true })).browser,
    caretaker: (await signUp(system, 'caretaker', { verified: true })).browser,
  };
  const admin = (await signInAdmin(system)).browser;
  const seen: string[] = [];
  for (const route of routes) {
    const label = `${route.method} ${route.path}`;
    expect([label, (await call(signedOut, route)).status]).toEqual([label, 401]);
    for (const [role, browser] of Object.entries(people)) {
      const res = await call(browser, route);
      expect([label, role, res.status, res.body?.message]).toEqual([label, role, 403, expect.any(String)]);
    }
    const asAdmin = await call(admin, route);
    // Past the guard: the answer is about the request itself (200, or 400/404/409), never a refusal of the role or a 5xx.
    expect([label, [401, 403].includes(asAdmin.status) || asAdmin.status >= 500]).toEqual([label, false]);
    seen.push(label);
  }
  expect(seen.length).toBeGreaterThanOrEqual(10);
});

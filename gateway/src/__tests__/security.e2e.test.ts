import { MESSAGES } from '@mboa/contracts';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});

afterAll(async () => {
  await system?.stop();
});

test('GET /api/health reports PostgreSQL, Redis, NATS and the auth service up', async () => {
  const res = await new Browser(system.url).get('/api/health');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    status: 'ok',
    components: { postgres: 'up', redis: 'up', nats: 'up', services: { auth: 'up' } },
  });
});

test('unknown /api routes answer 404 JSON', async () => {
  for (const [method, path] of [['GET', '/api/nope'], ['POST', '/api/auth/nope'], ['DELETE', '/api/me']] as const) {
    const res = await new Browser(system.url).request(method, path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.body).toEqual({ message: MESSAGES.common.routeNotFound });
  }
});

test('helmet headers are set', async () => {
  const res = await new Browser(system.url).get('/api/health');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBeTruthy();
  expect(res.headers.get('x-powered-by')).toBeNull();
});

test('CORS is granted to our origin only', async () => {
  const ours = await fetch(`${system.url}/api/me`, { method: 'OPTIONS', headers: { origin: system.config.allowedOrigins[0], 'access-control-request-method': 'GET' } });
  expect(ours.headers.get('access-control-allow-origin')).toBe(system.config.allowedOrigins[0]);
  expect(ours.headers.get('access-control-allow-credentials')).toBe('true');
  const theirs = await fetch(`${system.url}/api/me`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
  expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
});

test('a state-changing call from another origin is refused with 403 and changes nothing', async () => {
  const email = `cross.${Date.now()}@example.cm`;
  const evil = new Browser(system.url, 'https://evil.example');
  const res = await evil.post('/api/auth/signup', { name: 'X', email, password: 'password1', role: 'renter', whatsapp: '674000000', agreeToTerms: true });
  expect(res.status).toBe(403);
  const login = await new Browser(system.url).post('/api/auth/login', { email, password: 'password1' });
  expect(login.status).toBe(401);
  const ours = new Browser(system.url, system.config.allowedOrigins[0]);
  expect((await ours.post('/api/auth/login', { email, password: 'password1' })).status).toBe(401);
});

test('JSON bodies over 100 KB are refused with 413', async () => {
  const res = await new Browser(system.url).post('/api/auth/login', { email: 'a@b.cm', password: 'x'.repeat(110 * 1024) });
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ message: MESSAGES.common.payloadTooLarge });
});

test('the OpenAPI document lists the auth calls', async () => {
  const res = await new Browser(system.url).get('/api/docs/openapi.json');
  expect(res.status).toBe(200);
  for (const path of ['/api/me', '/api/auth/login', '/api/auth/signup', '/api/auth/logout', '/api/auth/password-reset/request', '/api/auth/password-reset/verify', '/api/auth/password-reset/confirm', '/api/health']) {
    expect(Object.keys(res.body.paths)).toContain(path);
  }
  const html = await fetch(`${system.url}/api/docs`);
  expect(html.status).toBe(200);
});

test('the public and admin apps (or their placeholders) are served outside /api', async () => {
  const home = await fetch(`${system.url}/`);
  expect(home.status).toBe(200);
  expect(home.headers.get('content-type')).toMatch(/html/);
  const admin = await fetch(`${system.url}/admin/`);
  expect(admin.status).toBe(200);
  expect(await admin.text()).toMatch(/admin/i);
  const deep = await fetch(`${system.url}/property-details/123`);
  expect(deep.status).toBe(200);
});

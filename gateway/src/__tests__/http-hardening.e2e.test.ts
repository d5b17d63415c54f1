// The HTTP server's smaller holes, closed: nothing personal is cacheable, metrics stay off the
// public port, and slow or stalled clients cannot hold a socket for ever.
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth'], gateway: { rateLimitScale: 100 } });
}, 60_000);

afterAll(async () => {
  await system?.stop();
});

describe('Cache-Control: no-store on every signed-in answer', () => {
  test('signing up, every /api answer while signed in (errors too) and signing out are never stored', async () => {
    const tab = new Browser(system.url);
    const signup = await tab.post('/api/auth/signup', {
      name: 'Cache Tester',
      email: `cache.${Date.now()}@example.cm`,
      password: 'test password 1',
      role: 'renter',
      whatsapp: '677001133',
      agreeToTerms: true,
    });
    expect(signup.status).toBe(201);
    expect(tab.lastSetCookie.join()).toMatch(/mboa_session=/);
    expect(signup.headers.get('cache-control')).toBe('no-store');

    for (const path of ['/api/me', '/api/user/me', '/api/properties/search', '/api/no-such-route']) {
      const res = await tab.get(path);
      expect({ path, cacheControl: res.headers.get('cache-control') }).toEqual({ path, cacheControl: 'no-store' });
    }
    const refused = await tab.post('/api/property/bookings', { nonsense: true });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');

    const logout = await tab.post('/api/auth/logout');
    expect(tab.lastSetCookie.join()).toMatch(/mboa_session=;/);
    expect(logout.headers.get('cache-control')).toBe('no-store');
  });

  test('a sign-in that sets the cookie is not stored; anonymous public answers keep their own caching', async () => {
    const email = `cache.login.${Date.now()}@example.cm`;
    const first = new Browser(system.url);
    expect(
      (await first.post('/api/auth/signup', { name: 'Cache Login', email, password: 'test password 1', role: 'renter', whatsapp: '677001144', agreeToTerms: true }))
        .status,
    ).toBe(201);
    const anonymous = new Browser(system.url);
    const login = await anonymous.post('/api/auth/login', { email, password: 'test password 1' });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');

    const publicRead = await new Browser(system.url).get('/api/health');
    expect(publicRead.headers.get('cache-control')).not.toBe('no-store');
  });
});

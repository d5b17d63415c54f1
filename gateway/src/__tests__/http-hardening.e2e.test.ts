// The HTTP server's smaller holes, closed: nothing personal is cacheable, metrics stay off the
// public port, and slow or stalled clients cannot hold a socket for ever.
import net from 'node:net';
import { LIMITS } from '@mboa/contracts';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
// The real bounds are minutes (LIMITS.http); the same mechanisms with short ones keep this quick.
const timeouts = { headersMs: 1500, bodyIdleMs: 1000, requestMs: 4000, keepAliveMs: 1000 };

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth'], gateway: { rateLimitScale: 100, httpTimeouts: timeouts } });
}, 120_000);

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

/** A raw connection that writes `chunks` with `gapMs` between them; resolves when the server closes it. */
function slowClient(chunks: string[], gapMs: number): Promise<{ closedAfterMs: number; received: string; sentAll: boolean }> {
  const { port } = new URL(system.url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const writeNext = () => {
      if (socket.destroyed || sent >= chunks.length) return;
      socket.write(chunks[sent++]);
      timer = setTimeout(writeNext, gapMs);
    };
    socket.on('connect', writeNext);
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, received, sentAll: sent >= chunks.length });
    });
  });
}

const loginBody = JSON.stringify({ email: 'nobody@example.cm', password: 'wrong password 1' });
const loginHead = (length: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow and stalled clients are cut; the gateway stays healthy', () => {
  test('the bounds in production suit a 3 MB post at 50 kbit/s and cut a Slowloris', () => {
    const postSeconds = (10 * 300 * 1024 * 8) / 50_000;
    expect(LIMITS.http.requestTimeoutMs / 1000).toBeGreaterThan(postSeconds * 1.1);
    expect(LIMITS.http.headersTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(LIMITS.http.bodyIdleTimeoutMs).toBeLessThanOrEqual(60_000);
  });

  test('headers sent byte by byte are cut at the headers bound (408)', async () => {
    const head = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(200);
    const result = await slowClient([...head], 100);
    expect(result.sentAll).toBe(false);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(timeouts.headersMs - 100);
    expect(result.closedAfterMs).toBeLessThan(timeouts.headersMs + 2000);
  });

  test('a body that stops arriving is cut after the idle bound, with nothing answered for it', async () => {
    const result = await slowClient([loginHead(loginBody.length) + loginBody.slice(0, 10)], 0);
    expect(result.received).toBe('');
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(timeouts.bodyIdleMs - 100);
    expect(result.closedAfterMs).toBeLessThan(timeouts.bodyIdleMs + 2000);
  });

  test('a body that trickles without ever stalling is cut at the whole-request bound', async () => {
    const body = 'x'.repeat(100);
    const result = await slowClient([loginHead(body.length), ...body], 300);
    expect(result.sentAll).toBe(false);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(timeouts.requestMs - 100);
    expect(result.closedAfterMs).toBeLessThan(timeouts.requestMs + 2000);
  });

  test('a slow but steady body (a phone on a weak network) gets its answer', async () => {
    const chunks = loginBody.match(/.{1,8}/g)!;
    const result = await slowClient([loginHead(loginBody.length), ...chunks], 250);
    expect(result.sentAll).toBe(true);
    expect(result.received).toMatch(/^HTTP\/1\.1 401 /);
  });

  test('an idle kept-alive connection is closed after the keep-alive bound', async () => {
    const result = await slowClient(['GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'], 0);
    expect(result.received).toMatch(/^HTTP\/1\.1 (200|503) /);
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(timeouts.keepAliveMs - 100);
    expect(result.closedAfterMs).toBeLessThan(timeouts.keepAliveMs + 2000);
  });

  test('after all of that the gateway still answers', async () => {
    expect((await fetch(`${system.url}/api/health`)).status).toBe(200);
  });
});

import { createHash } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { LIMITS, MESSAGES } from '@mboa/contracts';
import { gatewayConfigFromEnv } from '../config.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';
import { signupBody, uniqueEmail } from './people.js';

/*
 * Sessions (docs/api.md#sessions-and-cookies): the absolute lifetime (ASVS 3.3.2), the end of every
 * session at a password reset whatever its age, and a person's own list of sessions (ASVS 3.3.4),
 * against the real auth service, Redis and NATS. The clock is moved by editing the stored session
 * in Redis, as the days would have.
 */

const PHONE = 'Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const DAY = 24 * 60 * 60 * 1000;

let system: TestSystem;
let redis: RedisClientType;

beforeAll(async () => {
  system = await startTestSystem();
  redis = createClient({ url: system.context.redisUrl });
  await redis.connect();
}, 120_000);

afterAll(async () => {
  await redis?.quit();
  await system?.stop();
});

/** A browser tab that sends this User-Agent, like a phone's or a laptop's. */
class Device extends Browser {
  constructor(private readonly userAgent = PHONE) {
    super(system.url);
  }

  override request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return super.request(method, path, body, { 'user-agent': this.userAgent, ...headers });
  }
}

async function newAccount(label: string) {
  const account = signupBody({ email: uniqueEmail(label) });
  expect((await new Device().post('/api/auth/signup', account)).status).toBe(201);
  return account;
}

async function signIn(account: { email: string; password: string }, userAgent = PHONE, rememberMe = false) {
  const device = new Device(userAgent);
  const res = await device.post('/api/auth/login', { email: account.email, password: account.password, rememberMe });
  expect(res.status).toBe(200);
  return device;
}

function sessionKey(browser: Browser): string {
  const token = browser.cookie('mboa_session');
  if (!token) throw new Error('no session cookie');
  return `${system.context.redisPrefix}session:${createHash('sha256').update(token).digest('base64url')}`;
}

/** Moves the session's sign-in and last use into the past, as if that much time had gone by. */
async function age(browser: Browser, signedInAgoMs: number, lastUsedAgoMs: number) {
  const key = sessionKey(browser);
  const stored = JSON.parse((await redis.get(key)) ?? 'null') as Record<string, unknown>;
  expect(stored).not.toBeNull();
  const now = Date.now();
  await redis.set(key, JSON.stringify({ ...stored, createdAt: new Date(now - signedInAgoMs).toISOString(), lastSeenAt: new Date(now - lastUsedAgoMs).toISOString() }), {
    expiration: 'KEEPTTL',
  });
}

describe('absolute lifetime (ASVS 3.3.2)', () => {
  test('a plain session used a minute ago is refused once it is older than the absolute lifetime', async () => {
    const account = await newAccount('absolute');
    const tab = await signIn(account);
    await age(tab, LIMITS.session.maxAgeMs - DAY, 60_000);
    expect((await tab.get('/api/me')).status).toBe(200);

    await age(tab, LIMITS.session.maxAgeMs + 60_000, 60_000);
    const me = await tab.get('/api/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: MESSAGES.auth.notSignedIn });
    // Ended, not only refused once: the record is gone.
    expect(await redis.exists(sessionKey(tab))).toBe(0);
    // The person signs in again and carries on.
    expect((await (await signIn(account)).get('/api/me')).status).toBe(200);
  });

  test('"remember me" ends 30 days after sign-in however recently it was used', async () => {
    const account = await newAccount('remembered');
    const tab = await signIn(account, PHONE, true);
    await age(tab, LIMITS.session.rememberMeMs - DAY, 60_000);
    expect((await tab.get('/api/me')).status).toBe(200);
    await age(tab, LIMITS.session.rememberMeMs + 60_000, 60_000);
    expect((await tab.get('/api/me')).status).toBe(401);
  });
});

describe('a password reset ends every session, whatever its age', () => {
  test('sessions missing from the index (as past its old 30-day expiry) and a 29-day-old one end at the reset', async () => {
    const account = await newAccount('reset-all');
    const oldPhone = await signIn(account, PHONE, true);
    await age(oldPhone, LIMITS.session.rememberMeMs - DAY, 60_000);
    const laptop = await signIn(account, LAPTOP);
    // What the old store did once its index expired after 30 days: the reset could not find them.
    const users = await redis.keys(`${system.context.redisPrefix}user-sessions:*`);
    await redis.del(users);
    expect((await oldPhone.get('/api/me')).status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(200);

    const owner = new Device();
    await owner.post('/api/auth/password-reset/request', { email: account.email });
    const [code] = await system.mailedCodes(account.email, { atLeast: 1 });
    expect((await owner.post('/api/auth/password-reset/verify', { email: account.email, code })).status).toBe(200);
    expect((await owner.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'a new mango season' })).status).toBe(200);

    expect((await oldPhone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await signIn({ email: account.email, password: 'a new mango season' })).cookie('mboa_session')).toBeDefined();
  }, 120_000);
});

describe('a person sees and ends their own sessions (ASVS 3.3.4)', () => {
  test('lists each device with this one first; ending the phone signs that browser out and leaves this one', async () => {
    const account = await newAccount('list');
    const phone = await signIn(account, PHONE, true);
    const laptop = await signIn(account, LAPTOP);

    const listed = await laptop.get('/api/me/sessions');
    expect(listed.status).toBe(200);
    const sessions = listed.body.sessions as Array<Record<string, unknown>>;
    // The sign-up's own session is there too.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Firefox', os: 'Windows', rememberMe: false });
    const phoneSession = sessions.find((s) => s.rememberMe === true)!;
    expect(phoneSession).toMatchObject({ current: false, browser: 'Chrome', os: 'Android' });
    expect(Date.parse(phoneSession.expiresAt as string) - Date.parse(phoneSession.createdAt as string)).toBe(LIMITS.session.rememberMeMs);
    expect(listed.text).not.toContain(phone.cookie('mboa_session'));

    const ended = await laptop.request('DELETE', `/api/me/sessions/${String(phoneSession.id)}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ message: MESSAGES.sessions.ended });
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect(((await laptop.get('/api/me/sessions')).body.sessions as unknown[]).length).toBe(2);

    const again = await laptop.request('DELETE', `/api/me/sessions/${String(phoneSession.id)}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: MESSAGES.sessions.notFound });
  });

  test("another user's session is not found (404) and stays signed in", async () => {
    const victim = await newAccount('victim');
    const victimPhone = await signIn(victim);
    const victimId = ((await victimPhone.get('/api/me/sessions')).body.sessions as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;

    const stranger = await signIn(await newAccount('stranger'), LAPTOP);
    const res = await stranger.request('DELETE', `/api/me/sessions/${victimId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: MESSAGES.sessions.notFound });
    expect((await victimPhone.get('/api/me')).status).toBe(200);
    // And an id that names nothing at all answers the same.
    expect((await stranger.request('DELETE', '/api/me/sessions/not-a-session')).status).toBe(404);
  });

  test('"Sign out everywhere else" ends every other session and keeps this one', async () => {
    const account = await newAccount('everywhere');
    const phone = await signIn(account, PHONE, true);
    const cafe = await signIn(account, LAPTOP);
    const home = await signIn(account, LAPTOP);

    const res = await home.post('/api/me/sessions/end-others');
    expect(res.status).toBe(200);
    // The phone, the café and the sign-up's session.
    expect(res.body).toEqual({ message: MESSAGES.sessions.othersEnded, ended: 3 });
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await cafe.get('/api/me')).status).toBe(401);
    expect((await home.get('/api/me')).status).toBe(200);
    const left = (await home.get('/api/me/sessions')).body.sessions as Array<{ current: boolean }>;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  test("ending this device's own session signs it out and clears its cookie", async () => {
    const tab = await signIn(await newAccount('self'));
    const [mine] = (await tab.get('/api/me/sessions')).body.sessions as Array<{ id: string }>;
    const res = await tab.request('DELETE', `/api/me/sessions/${mine.id}`);
    expect(res.status).toBe(200);
    expect(tab.cookie('mboa_session')).toBeUndefined();
    expect((await tab.get('/api/me')).status).toBe(401);
  });

  test('signed out: 401; from another site: 403 and nothing ends', async () => {
    expect((await new Device().get('/api/me/sessions')).status).toBe(401);
    expect((await new Device().post('/api/me/sessions/end-others')).status).toBe(401);

    const account = await newAccount('csrf');
    const phone = await signIn(account);
    const laptop = await signIn(account, LAPTOP);
    const phoneId = ((await phone.get('/api/me/sessions')).body.sessions as Array<{ id: string; current: boolean }>).find((s) => s.current)!.id;
    const forged = { cookie: `mboa_session=${laptop.cookie('mboa_session')}`, origin: 'https://evil.example' };
    expect((await new Device().request('DELETE', `/api/me/sessions/${phoneId}`, undefined, forged)).status).toBe(403);
    expect((await new Device().request('POST', '/api/me/sessions/end-others', undefined, forged)).status).toBe(403);
    expect((await phone.get('/api/me')).status).toBe(200);
  });
});

describe('the session cookie under HTTPS', () => {
  test('Secure by default exactly when PUBLIC_ORIGIN is https; COOKIE_SECURE still decides when set', () => {
    expect(gatewayConfigFromEnv({ PUBLIC_ORIGIN: 'https://mboa-rentals.cm' }).cookieSecure).toBe(true);
    expect(gatewayConfigFromEnv({ PUBLIC_ORIGIN: 'http://localhost:3000' }).cookieSecure).toBe(false);
    expect(gatewayConfigFromEnv({}).cookieSecure).toBe(false);
    expect(gatewayConfigFromEnv({ PUBLIC_ORIGIN: 'https://mboa-rentals.cm', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(gatewayConfigFromEnv({ PUBLIC_ORIGIN: 'http://localhost:3000', COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });

  test('with PUBLIC_ORIGIN https the cookie is __Host-mboa_session; Secure, and only that name signs in', async () => {
    const https = await startTestSystem({ gateway: { cookieSecure: gatewayConfigFromEnv({ PUBLIC_ORIGIN: 'https://mboa-rentals.cm' }).cookieSecure } });
    try {
      const tab = new Browser(https.url);
      const account = signupBody({ email: uniqueEmail('https') });
      expect((await tab.post('/api/auth/signup', account)).status).toBe(201);
      const cookie = tab.lastSetCookie.find((c) => c.startsWith('__Host-mboa_session='))!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; Path=\//i);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(tab.lastSetCookie.some((c) => c.startsWith('mboa_session='))).toBe(false);
      expect((await tab.get('/api/me')).status).toBe(200);

      // The same token planted under the plain name (as a sibling subdomain could) names no session.
      const token = tab.cookie('__Host-mboa_session')!;
      expect((await new Browser(https.url).request('GET', '/api/me', undefined, { cookie: `mboa_session=${token}` })).status).toBe(401);

      expect((await tab.post('/api/auth/logout')).status).toBe(200);
      expect(tab.lastSetCookie.find((c) => c.startsWith('__Host-mboa_session='))).toMatch(/; Secure/i);
      expect((await tab.get('/api/me')).status).toBe(401);
    } finally {
      await https.stop();
    }
  }, 120_000);
});

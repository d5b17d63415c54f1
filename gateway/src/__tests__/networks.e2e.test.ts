import type { NestExpressApplication } from '@nestjs/platform-express';
import { createClient } from 'redis';
import { LIMITS, MESSAGES } from '@mboa/contracts';
import { createGateway } from '../app.js';
import type { GatewayConfig } from '../config.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

/**
 * Per-address rules as our users' networks are: thousands of people behind one carrier-grade NAT
 * address, some behind our TLS proxy, and anyone able to write an X-Forwarded-For header.
 */
let system: TestSystem;
const extra: NestExpressApplication[] = [];
let seq = 0;

beforeAll(async () => {
  system = await startTestSystem();
});

afterAll(async () => {
  for (const app of extra) await app.close();
  await system?.stop();
});

/** Another gateway on the same services, with its own rate-limit counters. */
async function gateway(overrides: Partial<GatewayConfig>): Promise<string> {
  const app = await createGateway({ ...system.config, redisPrefix: `${system.config.redisPrefix}g${++seq}:`, ...overrides }, { logger: false });
  await app.listen(0, '127.0.0.1');
  extra.push(app);
  return `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
}

// With this scale, 3 reset requests per address within the window (and 1 per e-mail).
const SCALE = 0.01;
const PER_ADDRESS = Math.round(LIMITS.passwordResetLimits.requestsPerIp * SCALE);

function resetRequest(url: string, forwardedFor?: string) {
  const email = `net.${Date.now()}.${++seq}@example.cm`;
  return new Browser(url).post('/api/auth/password-reset/request', { email }, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});
}

test('by default a forged X-Forwarded-For changes nothing: the socket address is counted', async () => {
  const url = await gateway({ rateLimitScale: SCALE });
  expect(system.config.trustProxy).toBe(false);
  for (let i = 0; i < PER_ADDRESS; i++) expect((await resetRequest(url, `198.51.100.${i}`)).status).toBe(200);
  const forged = await resetRequest(url, '203.0.113.77');
  expect(forged.status).toBe(429);
  // Past the address's allowance, with the person check that lets a real customer through.
  expect(forged.body).toEqual({ message: MESSAGES.common.tooManyAttempts, personCheck: expect.any(Object) });
  expect((await resetRequest(url)).status).toBe(429);
});

test('with TRUST_PROXY=1 the client address from the proxy is counted, each client on its own', async () => {
  const url = await gateway({ rateLimitScale: SCALE, trustProxy: 1 });
  for (let i = 0; i < PER_ADDRESS; i++) expect((await resetRequest(url, '203.0.113.5')).status).toBe(200);
  expect((await resetRequest(url, '203.0.113.5')).status).toBe(429);
  // Someone else behind the same proxy is not refused; only the address our proxy added (the
  // last one) is believed, so a client cannot pick another by writing its own header first.
  expect((await resetRequest(url, '203.0.113.6')).status).toBe(200);
  expect((await resetRequest(url, '203.0.113.6, 203.0.113.5')).status).toBe(429);
  expect((await resetRequest(url, '203.0.113.5, 203.0.113.6')).status).toBe(200);
});

test('TRUST_PROXY naming other addresses ignores the header from this peer', async () => {
  const url = await gateway({ rateLimitScale: SCALE, trustProxy: ['10.0.0.0/8'] });
  for (let i = 0; i < PER_ADDRESS; i++) expect((await resetRequest(url, `198.51.100.${i}`)).status).toBe(200);
  expect((await resetRequest(url, '198.51.100.200')).status).toBe(429);
});

test('IPv6 clients are counted per /64: a new address in the same /64 is the same client', async () => {
  const url = await gateway({ rateLimitScale: SCALE, trustProxy: 1 });
  for (let i = 0; i < PER_ADDRESS; i++) expect((await resetRequest(url, `2001:db8:aa:1::${i + 1}`)).status).toBe(200);
  expect((await resetRequest(url, '2001:db8:aa:1:ffff:eeee:dddd:cccc')).status).toBe(429);
  expect((await resetRequest(url, '2001:db8:aa:2::1')).status).toBe(200);
});

test('200 people sign up from one address (carrier-grade NAT) within the hour, with the real limit', async () => {
  const started = Date.now();
  const stamp = Date.now();
  const statuses: number[] = [];
  for (let batch = 0; batch < 10; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Browser(system.url).post('/api/auth/signup', {
          name: `Orange Customer ${batch * 20 + i}`,
          email: `cgnat.${stamp}.${batch * 20 + i}@example.cm`,
          password: 'mobile data 2024',
          role: 'renter',
          whatsapp: '690000000',
          agreeToTerms: true,
        }),
      ),
    );
    statuses.push(...answers.map((a) => a.status));
  }
  console.log(`200 sign-ups from one address in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect(statuses.filter((s) => s === 201)).toHaveLength(200);
  // The real limiter counted every one of them (rateLimitScale 1).
  expect(system.config.rateLimitScale).toBe(1);
  const redis = createClient({ url: system.config.redisUrl });
  await redis.connect();
  try {
    const keys = await redis.keys(`${system.config.redisPrefix}rl:signup-ip*`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]))).toBe(200);
    expect(LIMITS.signup.maxPerIpPerHour).toBeGreaterThanOrEqual(300);
  } finally {
    await redis.quit();
  }
  // 200 password hashes: 28 s on the shared 2-core machine at a load average of 24.
}, 180_000);

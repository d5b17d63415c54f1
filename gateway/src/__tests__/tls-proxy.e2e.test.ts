import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { LIMITS } from '@mboa/contracts';
import { createGateway } from '../app.js';
import { signupBody } from './people.js';
import { startTestSystem, type TestSystem } from './system.js';
import { freePort } from '@mboa/platform/testing';

/**
 * The production entrance as infra/caddy/Caddyfile writes it, run with Debian's caddy in front of
 * a real gateway (TRUST_PROXY=1, COOKIE_SECURE): HTTPS from Caddy's own CA (`local_certs`, i.e.
 * `tls internal`; Let's Encrypt in production), compression, security headers, each client
 * counted by the address Caddy saw, and a Secure session cookie.
 */
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const CADDYFILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../infra/caddy/Caddyfile');
const describeWithCaddy = existsSync(CADDY) ? describe : describe.skip;
if (!existsSync(CADDY)) console.warn(`[tls-proxy] skipped: no caddy at ${CADDY} (npm test installs it as root on Debian)`);

const SCALE = 0.01;
const PER_ADDRESS = Math.round(LIMITS.passwordResetLimits.requestsPerIp * SCALE);

let system: TestSystem;
let gateway: NestExpressApplication;
let caddy: ChildProcess | undefined;
let storage: string;
let httpsPort: number;
let ca: Buffer;
const caddyLog: string[] = [];


interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request to the proxy, trusting only Caddy's CA, from a chosen loopback address. */
function request(method: string, pathname: string, options: { from?: string; headers?: Record<string, string>; body?: unknown; ca?: Buffer } = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: httpsPort,
        method,
        path: pathname,
        ca: options.ca ?? ca,
        localAddress: options.from ?? '127.0.0.1',
        headers: { host: `localhost:${httpsPort}`, ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text = (encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function startCaddy(gatewayPort: number): Promise<void> {
  storage = await mkdtemp(path.join(tmpdir(), 'mboa-caddy-'));
  httpsPort = await freePort();
  const httpPort = await freePort();
  caddy = spawn(CADDY, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: storage,
      XDG_DATA_HOME: storage,
      XDG_CONFIG_HOME: storage,
      SITE_ADDRESS: `localhost:${httpsPort}`,
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: String(gatewayPort),
      CADDY_GLOBAL_OPTIONS: ['local_certs', 'skip_install_trust', 'admin off', `http_port ${httpPort}`, `https_port ${httpsPort}`, `storage file_system ${storage}`].join('\n'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (c: Buffer) => caddyLog.push(c.toString()));
  caddy.stderr?.on('data', (c: Buffer) => caddyLog.push(c.toString()));
  const rootCert = path.join(storage, 'pki', 'authorities', 'local', 'root.crt');
  const until = Date.now() + 20_000;
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited (${caddy.exitCode}):\n${caddyLog.join('')}`);
    if (existsSync(rootCert)) {
      ca = await readFile(rootCert);
      const ok = await request('GET', '/api/health').then((a) => a.status === 200).catch(() => false);
      if (ok) return;
    }
    if (Date.now() > until) throw new Error(`caddy did not serve HTTPS within 20 s:\n${caddyLog.join('').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describeWithCaddy('the TLS proxy (infra/caddy/Caddyfile) in front of the gateway', () => {
  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth'] });
    const port = await freePort();
    gateway = await createGateway(
      {
        ...system.config,
        redisPrefix: `${system.config.redisPrefix}tls:`,
        services: ['auth'],
        rateLimitScale: SCALE,
        trustProxy: 1,
        cookieSecure: true,
        allowedOrigins: [`https://localhost:${port}`],
      },
      { logger: false },
    );
    await gateway.listen(port, '127.0.0.1');
    await startCaddy(port);
  }, 120_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    await gateway?.close();
    await system?.stop();
    if (storage) await rm(storage, { recursive: true, force: true });
  });

  test('serves HTTPS with a certificate for the site, and only with it', async () => {
    const health = await request('GET', '/api/health');
    expect(health.status).toBe(200);
    // Without Caddy's CA the certificate is refused: it really is TLS, not plain HTTP on a port.
    await expect(request('GET', '/api/health', { ca: Buffer.from('') })).rejects.toThrow();
  });

  test('adds the security headers and hides the server', async () => {
    const { headers } = await request('GET', '/api/health');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers.server).toBeUndefined();
  });

  test('answers compressed to a client that accepts it', async () => {
    // The API document: a large text answer, as the apps' bundles are.
    const plain = await request('GET', '/api/docs/openapi.json', { headers: { 'accept-encoding': 'identity' } });
    const gzip = await request('GET', '/api/docs/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toBe(plain.body);
    expect(JSON.parse(plain.body)).toHaveProperty('openapi');
  });

  test('counts each client by the address Caddy saw; a forged X-Forwarded-For changes nothing', async () => {
    const reset = (from: string, forged?: string) =>
      request('POST', '/api/auth/password-reset/request', {
        from,
        body: { email: `proxy.${Date.now()}.${Math.random()}@example.cm` },
        headers: forged ? { 'x-forwarded-for': forged } : {},
      });
    for (let i = 0; i < PER_ADDRESS; i++) expect((await reset('127.0.0.21')).status).toBe(200);
    expect((await reset('127.0.0.21')).status).toBe(429);
    // Someone else behind the same proxy is still served…
    expect((await reset('127.0.0.22')).status).toBe(200);
    // …and the limited client cannot pass for another by writing the header itself.
    expect((await reset('127.0.0.21', '127.0.0.99')).status).toBe(429);
  });

  test('the session cookie is __Host- and Secure (HttpOnly, SameSite) when set through the proxy', async () => {
    const res = await request('POST', '/api/auth/signup', { body: signupBody() });
    expect(res.status).toBe(201);
    const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('__Host-mboa_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
  });
});

// SIGTERM while requests are in flight: the gateway (with the auth service behind it) stops
// taking requests, answers every one it had accepted, closes NATS, Redis and PostgreSQL, and exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@mboa/contracts';
import { uniqueTestPrefix } from '@mboa/platform';

const here = path.dirname(fileURLToPath(import.meta.url));
let child: ChildProcess;
let output = '';
let mailDir: string;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

function waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output}`)), timeoutMs);
    const check = () => {
      const m = output.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', () => setTimeout(check, 10));
    check();
  });
}

test('in-flight requests all get a proper answer, and the process exits 0', async () => {
  mailDir = await mkdtemp(path.join(tmpdir(), 'mboa-shutdown-'));
  const prefix = uniqueTestPrefix('sd');
  child = spawn(process.execPath, ['--import', path.join(here, 'child/register-ts.mjs'), path.join(here, 'child/gateway-with-auth.ts')], {
    env: { ...process.env, PREFIX: prefix, STREAM: `T_${prefix.replace(/\W/g, '_')}`, MAIL_DIR: mailDir, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const [, url] = await waitFor(/READY (\S+)/, 60_000);

  // Sign-ups hash a password (slow on purpose): many at once keep the gateway and auth busy.
  const N = 24;
  let finished = 0;
  const requests = Array.from({ length: N }, (_, i) =>
    fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Shutdown ${i}`,
        email: `shutdown.${i}.${Date.now()}@example.cm`,
        password: 'test password 1',
        role: 'renter',
        whatsapp: `6${String(70000000 + i)}`,
        agreeToTerms: true,
      }),
    }).then(async (res) => {
      finished++;
      return { status: res.status, body: await res.text(), requestId: res.headers.get('x-request-id') };
    }),
  );
  // SIGTERM once the first answer is back, so the others are mid-flight.
  while (finished === 0) await new Promise((r) => setTimeout(r, 5));
  expect(finished).toBeLessThan(N);
  child.kill('SIGTERM');

  const answers = await Promise.all(requests); // a lost request would reject (socket closed) instead
  for (const a of answers) {
    expect([201, 503]).toContain(a.status);
    const body = JSON.parse(a.body);
    if (a.status === 201) expect(body.user).toBeDefined();
    else expect(body).toEqual({ message: MESSAGES.common.serviceUnavailable });
    expect(a.requestId).toBeTruthy();
  }
  // The requests already accepted were finished, not refused.
  expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(1);

  // New connections are no longer accepted while (or after) it stops.
  const late = await fetch(`${url}/api/health`).then(
    async (r) => ({ status: r.status, body: await r.json() }),
    () => 'refused',
  );
  if (late !== 'refused') expect(late).toEqual({ status: 503, body: { message: MESSAGES.common.serviceUnavailable } });

  expect(await exited).toBe(0);
  expect(output).toContain('STOPPED');
}, 120_000);

import { MESSAGES } from '@mboa/contracts';
import type { FileMailer, MailMessage, MailPort } from '@mboa/platform';
import { Browser, startTestSystem, type TestSystem } from './system.js';

/** The real file mailer behind a gate the test can close: mail waits until it opens again. */
class GatedMailer implements MailPort {
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;
  constructor(private readonly files: FileMailer) {}

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
  }

  async send(message: MailMessage): Promise<void> {
    await this.gate;
    await this.files.send(message);
  }
}

let system: TestSystem;
let mailer: GatedMailer;
const ROUNDS = 50;

beforeAll(async () => {
  // One account asks 50 times: the per-e-mail limit is not what this measures.
  system = await startTestSystem({ gateway: { rateLimitScale: 100 }, mailer: (files) => (mailer = new GatedMailer(files)) });
});

afterAll(async () => {
  mailer?.release();
  await system?.stop();
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function signUp(email: string) {
  const res = await new Browser(system.url).post('/api/auth/signup', {
    name: 'Timing Person',
    email,
    password: 'timing password 7',
    role: 'renter',
    whatsapp: '677000000',
    agreeToTerms: true,
  });
  expect(res.status).toBe(201);
}

async function timedRequest(email: string): Promise<number> {
  const started = performance.now();
  const res = await new Browser(system.url).post('/api/auth/password-reset/request', { email });
  const took = performance.now() - started;
  expect(res.status).toBe(200);
  expect(res.body.message).toBe(MESSAGES.passwordReset.requestSent);
  return took;
}

test('the reset request answers without waiting for the mail, and the mail still arrives', async () => {
  const email = `gated.${Date.now()}@example.cm`;
  await signUp(email);
  mailer.hold();
  try {
    await timedRequest(email);
    // Answered while the mail is held back: nothing was mailed yet.
    expect(await system.mailedCodes(email)).toEqual([]);
  } finally {
    mailer.release();
  }
  const [code] = await system.mailedCodes(email, { atLeast: 1 });
  expect(code).toMatch(/^\d{6}$/);
});

test('a reset request takes as long for an unknown e-mail as for a registered one', async () => {
  const known = `timing.known.${Date.now()}@example.cm`;
  await signUp(known);
  // Warm both paths once, then interleave so that load on the machine hits both alike.
  await timedRequest(known);
  await timedRequest(`timing.warm.${Date.now()}@example.cm`);
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    knownMs.push(await timedRequest(known));
    unknownMs.push(await timedRequest(`timing.nobody.${Date.now()}.${i}@example.cm`));
  }
  const k = median(knownMs);
  const u = median(unknownMs);
  console.log(`reset request median over ${ROUNDS}: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`);
  // Only a registered address being slower would tell an attacker anything (before this change:
  // 19 ms against 5 ms). The bound is loose on purpose: other test files share the two cores, and
  // noise in either direction must not fail the suite; the leak was a multiple, not a few ms.
  expect(k - u).toBeLessThan(Math.max(10, 0.5 * u));
});

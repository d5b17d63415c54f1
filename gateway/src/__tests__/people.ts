import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { AUTH_PATTERNS, LIMITS, type PublicUser, type SignupRole } from '@mboa/contracts';
import { RpcClient } from '@mboa/platform';
import { TEST_STAFF } from '@mboa/platform/testing';
import { Browser, type TestSystem } from './system.js';

export const TEST_ADMIN = { ADMIN_EMAIL: 'staff@mboa.cm', ADMIN_PASSWORD: 'staff password 1', ADMIN_NAME: 'Staff Member' };

let counter = 0;

/** A new address each call: `label.<time>.<n>@example.cm`. */
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++counter}@example.cm`;

/** A valid sign-up body for a new renter; `over` changes or adds fields. */
export const signupBody = (over: Record<string, unknown> = {}) => ({
  name: 'Awa Nkem',
  email: uniqueEmail('awa'),
  password: 'correct horse',
  role: 'renter',
  whatsapp: '674123456',
  agreeToTerms: true,
  ...over,
});

/**
 * A signed-in browser for a new user of the role; landlords/caretakers verified on request. A
 * landlord or caretaker proves their WhatsApp number (they may not post before), unless
 * `proven: false`; a renter proves it on request.
 */
export async function signUp(
  system: TestSystem,
  role: SignupRole,
  options: { verified?: boolean; name?: string; whatsapp?: string; proven?: boolean } = {},
): Promise<{ browser: Browser; user: PublicUser; password: string }> {
  const browser = new Browser(system.url);
  const password = 'test password 1';
  const res = await browser.post('/api/auth/signup', {
    name: options.name ?? `${role} ${++counter}`,
    email: `${role}.${Date.now()}.${counter}@example.cm`,
    password,
    role,
    whatsapp: options.whatsapp ?? `6${String(Date.now() % 1e8).padStart(8, '0')}`,
    agreeToTerms: true,
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  let user: PublicUser = res.body.user;
  if (options.verified) {
    const rpc = await rpcFor(system);
    try {
      user = (await rpc.call(AUTH_PATTERNS.usersVerify, { userId: user.id, actor: TEST_STAFF })).user;
    } finally {
      await rpc.close();
    }
  }
  if (options.proven ?? (role === 'landlord' || role === 'caretaker')) await proveWhatsApp(system, browser, user.whatsapp);
  return { browser, user, password };
}

/** The codes WhatsApp carried to a number ('674…'), newest first, read from the outbox folder as a person reads their phone. */
export async function whatsappCodesSentTo(system: TestSystem, number: string): Promise<string[]> {
  const dir = path.join(system.mailDir, 'whatsapp');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort().reverse();
  const codes: string[] = [];
  for (const file of files) {
    const message = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { to: string; text: string };
    const code = message.to === `237${number}` ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined;
    if (code) codes.push(code);
  }
  return codes;
}

/**
 * Proves the signed-in person's WhatsApp number by the real routes (docs/api.md#proving-a-whatsapp-number):
 * asks for a code, reads it from the outbox (a system without the Cloud API settings writes there),
 * types it back. Accounts sharing a number may have codes on their way at once: the newest that
 * proves this account's number is the one.
 */
export async function proveWhatsApp(system: TestSystem, browser: Browser, number: string): Promise<void> {
  const sent = await browser.post('/api/me/whatsapp/code');
  if (sent.status !== 200) throw new Error(`WhatsApp code not sent: ${sent.status} ${sent.text}`);
  for (const code of (await whatsappCodesSentTo(system, number)).slice(0, 3)) {
    const verified = await browser.post('/api/me/whatsapp/verify', { code });
    if (verified.status === 200) return;
  }
  throw new Error(`no code in the WhatsApp outbox proved ${number}`);
}

/** The bootstrap admin of TEST_ADMIN, signed in and through the admin area's second factor. */
export async function signInAdmin(system: TestSystem): Promise<{ browser: Browser; user: PublicUser }> {
  const browser = new Browser(system.url);
  const res = await browser.post('/api/auth/login', { email: TEST_ADMIN.ADMIN_EMAIL, password: TEST_ADMIN.ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  await passSecondFactor(browser, res.body.user.email);
  return { browser, user: res.body.user };
}

/** What a test knows of a staff member's authenticator app, as their phone would. */
export interface TestAuthenticator {
  secret: string;
  recoveryCodes: string[];
  /** The last 30-second step whose code was used: the server accepts each step once. */
  lastStep: number;
}

/** Authenticators set up in this test file, by e-mail (a restored system keeps its admin's). */
export const authenticators = new Map<string, TestAuthenticator>();

const PERIOD_MS = LIMITS.secondFactor.periodSeconds * 1000;

/** The app's code for a step, computed from the secret with the same library auth checks it with. */
export function authenticatorCode(secret: string, step: number): string {
  const { digits, periodSeconds: period } = LIMITS.secondFactor;
  return TOTP.generate({ secret: Secret.fromBase32(secret), digits, period, timestamp: step * PERIOD_MS });
}

/**
 * A code no sign-in of this file used yet: the current step's, else the next one's (accepted as a
 * phone's clock a little ahead), else waits for the step after. Two sign-ins in one 30 s need no wait.
 */
export async function freshAuthenticatorCode(app: TestAuthenticator): Promise<{ code: string; step: number }> {
  let current = Math.floor(Date.now() / PERIOD_MS);
  if (app.lastStep > current) {
    // The next step was used already: wait until it is the current one, then use the one after.
    await new Promise((r) => setTimeout(r, app.lastStep * PERIOD_MS - Date.now() + 100));
    current = Math.floor(Date.now() / PERIOD_MS);
  }
  const step = Math.max(current, app.lastStep + 1);
  return { code: authenticatorCode(app.secret, step), step };
}

/** The code a person would read off the phone of an enrolled staff member now (counted as used). */
export async function nextAuthenticatorCode(email: string): Promise<string> {
  const app = authenticators.get(email);
  if (!app) throw new Error(`no authenticator known for ${email}: enrol it in this test file first`);
  const { code, step } = await freshAuthenticatorCode(app);
  app.lastStep = step;
  return code;
}

/**
 * Takes a signed-in staff browser through the admin area's second factor by the real routes: sets
 * up an authenticator the first time (remembering its secret like a phone), enters a code after.
 */
export async function passSecondFactor(browser: Browser, email: string): Promise<void> {
  const me = await browser.get('/api/me');
  const state = me.body?.secondFactor as string | undefined;
  if (state === undefined || state === 'passed') return;
  if (state === 'enrolment-required') {
    const begin = await browser.post('/api/auth/second-factor/enrolment');
    if (begin.status !== 200) throw new Error(`second-factor enrolment failed: ${begin.status} ${begin.text}`);
    const app: TestAuthenticator = { secret: begin.body.secret, recoveryCodes: [], lastStep: 0 };
    const { code, step } = await freshAuthenticatorCode(app);
    const confirm = await browser.post('/api/auth/second-factor/enrolment/confirm', { code });
    if (confirm.status !== 200) throw new Error(`second-factor confirmation failed: ${confirm.status} ${confirm.text}`);
    authenticators.set(email, { ...app, recoveryCodes: confirm.body.recoveryCodes, lastStep: step });
    return;
  }
  const app = authenticators.get(email);
  if (!app) throw new Error(`no authenticator known for ${email}: enrol it in this test file first`);
  const { code, step } = await freshAuthenticatorCode(app);
  const check = await browser.post('/api/auth/second-factor/check', { code });
  if (check.status !== 200) throw new Error(`second-factor check failed: ${check.status} ${check.text}`);
  app.lastStep = step;
}

export async function rpcFor(system: TestSystem): Promise<RpcClient> {
  const rpc = new RpcClient({ servers: system.config.natsUrl, subjectPrefix: system.config.subjectPrefix });
  await rpc.connect();
  return rpc;
}

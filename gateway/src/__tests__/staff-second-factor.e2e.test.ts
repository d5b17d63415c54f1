// Staff accounts (issue 23): 12-character passwords, the site's own words refused for anyone, and
// the admin area's second factor (RFC 6238 codes), through the real gateway, auth, Redis and NATS.
import { AUTH_PATTERNS, EVENT_TYPES, LIMITS, MESSAGES, MODERATION_PATTERNS, SECOND_FACTOR_ERROR_CODES, type UserEventPayload } from '@mboa/contracts';
import { until, waitForEvent } from '@mboa/platform/testing';
import { connect } from '@nats-io/transport-node';
import {
  authenticatorCode,
  freshAuthenticatorCode,
  rpcFor,
  signInAdmin,
  signUp,
  signupBody,
  TEST_ADMIN,
  uniqueEmail,
  type TestAuthenticator,
} from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'moderation'], env: TEST_ADMIN });
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

const PERIOD_MS = LIMITS.secondFactor.periodSeconds * 1000;
const ADMIN_ROUTE = '/api/admin/manage/user';
const listUsers = (browser: Browser) => browser.post(ADMIN_ROUTE, { type: 'list', payload: { page: 1 } });

/** A new staff member as `npm run admin:create` makes one (the same auth call). */
async function newStaff(password = 'a long staff passphrase') {
  const email = uniqueEmail('staff');
  const rpc = await rpcFor(system);
  try {
    await rpc.call(AUTH_PATTERNS.adminEnsure, { email, password, name: 'Ngono Staff', whatsapp: '677000111' });
  } finally {
    await rpc.close();
  }
  return { email, password };
}

async function signIn(account: { email: string; password: string }): Promise<Browser> {
  const browser = new Browser(system.url);
  const res = await browser.post('/api/auth/login', account);
  expect(res.status).toBe(200);
  return browser;
}

/** Enrols a signed-in staff browser as the admin app does, keeping the secret like a phone. */
async function enrol(browser: Browser): Promise<TestAuthenticator> {
  const begin = await browser.post('/api/auth/second-factor/enrolment');
  expect(begin.status).toBe(200);
  const app: TestAuthenticator = { secret: begin.body.secret, recoveryCodes: [], lastStep: 0 };
  const { code, step } = await freshAuthenticatorCode(app);
  const confirm = await browser.post('/api/auth/second-factor/enrolment/confirm', { code });
  expect(confirm.status).toBe(200);
  return { ...app, recoveryCodes: confirm.body.recoveryCodes, lastStep: step };
}

test('a staff password of 11 characters is refused, 12 accepted (admin:create and ADMIN_PASSWORD call this)', async () => {
  const rpc = await rpcFor(system);
  try {
    const short = await rpc
      .call(AUTH_PATTERNS.adminEnsure, { email: uniqueEmail('short'), password: 'river mango', name: 'Short' })
      .then(() => null, (error: { status?: number; message?: string }) => error);
    expect(short).toMatchObject({ status: 400, message: MESSAGES.auth.staffPasswordTooShort });
    const email = uniqueEmail('twelve');
    const made = await rpc.call(AUTH_PATTERNS.adminEnsure, { email, password: 'river mangos', name: 'Twelve' });
    expect(made).toMatchObject({ created: true, user: { email, role: 'admin' } });
  } finally {
    await rpc.close();
  }
  // A renter keeps the 8-character rule.
  expect((await new Browser(system.url).post('/api/auth/signup', signupBody({ password: 'river mango' }))).status).toBe(201);
}, 120_000);

test('"Cameroun2026" and the site\'s name are refused for anyone, with a reason a person can read', async () => {
  for (const password of ['Cameroun2026', 'mboarentals', 'Mboa123456', 'Yaounde2025', 'douala_237']) {
    const res = await new Browser(system.url).post('/api/auth/signup', signupBody({ password }));
    expect({ password, status: res.status, message: res.body.message }).toEqual({ password, status: 400, message: MESSAGES.auth.passwordSiteWords });
  }
  const french = await new Browser(system.url).post('/api/auth/signup', signupBody({ password: 'Cameroun2026' }), { 'accept-language': 'fr' });
  expect(french.body.message).toMatch(/Cameroun/);
  expect(french.body.message).not.toBe(MESSAGES.auth.passwordSiteWords);
}, 120_000);

test('an admin with the right password but no second factor gets 403 with a code; after a valid code the admin area opens', async () => {
  const staff = await newStaff();
  const browser = await signIn(staff);

  const refused = await listUsers(browser);
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual({ message: MESSAGES.secondFactor.enrolmentRequired, code: SECOND_FACTOR_ERROR_CODES['enrolment-required'] });
  // Staff powers elsewhere wait for the second factor too.
  expect((await browser.request('PATCH', '/api/user/me', { language: 'fr' })).body.code).toBe(SECOND_FACTOR_ERROR_CODES['enrolment-required']);
  expect((await browser.get('/api/me')).body).toMatchObject({ user: { email: staff.email, role: 'admin' }, secondFactor: 'enrolment-required' });

  const begin = await browser.post('/api/auth/second-factor/enrolment');
  expect(begin.status).toBe(200);
  expect(begin.body.secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(begin.body.uri).toBe(
    `otpauth://totp/${encodeURIComponent('Mboa Rentals')}:${encodeURIComponent(staff.email)}?issuer=${encodeURIComponent('Mboa Rentals')}&secret=${begin.body.secret}&algorithm=SHA1&digits=6&period=30`,
  );
  const wrong = await browser.post('/api/auth/second-factor/enrolment/confirm', { code: '000000' });
  expect(wrong.status).toBe(400);
  expect((await listUsers(browser)).status).toBe(403);

  const step = Math.floor(Date.now() / PERIOD_MS);
  const code = authenticatorCode(begin.body.secret, step);
  const confirm = await browser.post('/api/auth/second-factor/enrolment/confirm', { code });
  expect(confirm.status).toBe(200);
  expect(confirm.body.message).toBe(MESSAGES.secondFactor.enrolled);
  expect(confirm.body.recoveryCodes).toHaveLength(LIMITS.secondFactor.recoveryCodes);
  expect((await listUsers(browser)).status).toBe(200);
  expect((await browser.get('/api/me')).body.secondFactor).toBe('passed');

  // The secret is never handed out again.
  const again = await browser.post('/api/auth/second-factor/enrolment');
  expect(again.status).toBe(409);
  expect(again.text).not.toContain(begin.body.secret);

  // A new sign-in (another browser) needs a code of its own.
  const second = await signIn(staff);
  const needsCode = await listUsers(second);
  expect(needsCode.status).toBe(403);
  expect(needsCode.body.code).toBe(SECOND_FACTOR_ERROR_CODES.required);
  // The code already used at confirmation is refused: seen over a shoulder, it opens nothing.
  const replayed = await second.post('/api/auth/second-factor/check', { code });
  expect(replayed.status).toBe(400);
  expect(replayed.body.message).toBe(MESSAGES.secondFactor.codeInvalid);
  expect((await listUsers(second)).status).toBe(403);
  const next = authenticatorCode(begin.body.secret, step + 1);
  const passed = await second.post('/api/auth/second-factor/check', { code: next });
  expect(passed.status).toBe(200);
  expect(passed.body).toEqual({ message: MESSAGES.secondFactor.passed, usedRecoveryCode: false });
  expect((await listUsers(second)).status).toBe(200);
  // ...and that one cannot open a third session either.
  const third = await signIn(staff);
  expect((await third.post('/api/auth/second-factor/check', { code: next })).status).toBe(400);

  // A recovery code works once, typed with or without its dashes and in any case.
  const recovery = confirm.body.recoveryCodes[0] as string;
  const viaRecovery = await third.post('/api/auth/second-factor/check', { code: recovery.toLowerCase() });
  expect(viaRecovery.status).toBe(200);
  expect(viaRecovery.body).toEqual({ message: MESSAGES.secondFactor.recoveryCodeUsed, usedRecoveryCode: true });
  expect((await listUsers(third)).status).toBe(200);
  const fourth = await signIn(staff);
  expect((await fourth.post('/api/auth/second-factor/check', { code: recovery.replace(/-/g, '') })).status).toBe(400);
  expect((await listUsers(fourth)).status).toBe(403);
}, 120_000);

test('wrong codes are limited per account: past the allowance even the right code waits (429, Retry-After)', async () => {
  const staff = await newStaff();
  const app = await enrol(await signIn(staff));
  const browser = await signIn(staff);
  for (let i = 0; i < LIMITS.secondFactor.maxWrongCodes; i++) {
    expect((await browser.post('/api/auth/second-factor/check', { code: String(100000 + i) })).status).toBe(400);
  }
  const { code } = await freshAuthenticatorCode(app);
  // From another browser too: the allowance is the account's.
  const elsewhere = await signIn(staff);
  const locked = await elsewhere.post('/api/auth/second-factor/check', { code });
  expect(locked.status).toBe(429);
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await listUsers(elsewhere)).status).toBe(403);
}, 120_000);

test("an admin resets another staff member's second factor: audited, their sessions end, they enrol again at sign-in", async () => {
  const { browser: admin } = await signInAdmin(system);
  const staff = await newStaff();
  const staffBrowser = await signIn(staff);
  await enrol(staffBrowser);
  const staffId = (await staffBrowser.get('/api/me')).body.user.id as string;

  const reset = await admin.request('DELETE', `/api/admin/users/${staffId}/second-factor`);
  expect(reset.status).toBe(200);
  expect(reset.body.message).toBe(MESSAGES.secondFactor.reset);
  expect((await staffBrowser.get('/api/me')).status).toBe(401);
  const again = await signIn(staff);
  expect((await again.get('/api/me')).body.secondFactor).toBe('enrolment-required');
  expect((await admin.request('DELETE', `/api/admin/users/${staffId}/second-factor`)).status).toBe(409);

  const nc = await connect({ servers: system.config.natsUrl });
  try {
    const event = await waitForEvent<UserEventPayload>(nc, {
      prefix: system.config.subjectPrefix,
      stream: system.context.streamName,
      type: EVENT_TYPES.userSecondFactorReset,
      match: (e) => e.payload.user.id === staffId,
    });
    expect(event.payload.actor).toMatchObject({ role: 'admin', name: TEST_ADMIN.ADMIN_NAME });
  } finally {
    await nc.drain();
  }
  // The staff audit trail (what the dashboard lists as the latest admin actions) names it and who did it.
  const rpc = await rpcFor(system);
  try {
    const audited = await until(async () => {
      const { actions } = await rpc.call(MODERATION_PATTERNS.auditLatest, { limit: 10 });
      return actions.find((a) => a.action === EVENT_TYPES.userSecondFactorReset && a.targetId === staffId);
    }, 'the reset in the audit trail', 20_000);
    expect(audited).toMatchObject({ actorName: TEST_ADMIN.ADMIN_NAME, summary: 'Reset the second factor of user Ngono Staff' });
  } finally {
    await rpc.close();
  }

  // Nobody else can: a staff session without its own second factor, or a renter.
  expect((await again.request('DELETE', `/api/admin/users/${staffId}/second-factor`)).status).toBe(403);
  const renter = await signUp(system, 'renter');
  expect((await admin.request('DELETE', `/api/admin/users/${renter.user.id}/second-factor`)).body.message).toBe(MESSAGES.secondFactor.staffOnly);
}, 120_000);

test("a renter's routes are unaffected, and a renter never sees the second factor", async () => {
  const renter = await signUp(system, 'renter');
  const me = await renter.browser.get('/api/me');
  expect(me.status).toBe(200);
  expect(me.body).not.toHaveProperty('secondFactor');
  expect((await renter.browser.request('PATCH', '/api/user/me', { language: 'fr' })).status).toBe(200);
  const admin = await listUsers(renter.browser);
  expect(admin.status).toBe(403);
  expect(admin.body).toEqual({ message: MESSAGES.auth.adminOnly });
  expect((await renter.browser.post('/api/auth/second-factor/enrolment')).status).toBe(403);
}, 120_000);

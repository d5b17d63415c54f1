import { MESSAGES, AUTH_PATTERNS, SESSION_MARK_COOKIE } from '@mboa/contracts';
import { RpcClient } from '@mboa/platform';
import { TEST_STAFF } from '@mboa/platform/testing';
import { Browser, startTestSystem, type TestSystem } from './system.js';
import { signupBody, uniqueEmail } from './people.js';

let system: TestSystem;


beforeAll(async () => {
  system = await startTestSystem();
});

afterAll(async () => {
  await system?.stop();
});

describe('sign-up', () => {
  test('creates a renter, signs them in with an HttpOnly browser-session cookie, and /api/me returns them', async () => {
    const browser = new Browser(system.url);
    const body = signupBody({ email: '  Awa.Upper@Example.CM ' });
    const res = await browser.post('/api/auth/signup', body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MESSAGES.auth.signupSuccess);
    const user = res.body.user;
    expect(user).toEqual({
      _id: user.id,
      id: user.id,
      name: 'Awa Nkem',
      email: 'awa.upper@example.cm',
      whatsapp: '674123456',
      role: 'renter',
      status: 'active',
      isVerified: false,
      language: 'en',
      createdAt: expect.any(String),
    });
    expect(res.text).not.toMatch(/password|hash|argon/i);
    const cookie = browser.lastSetCookie.find((c) => c.startsWith('mboa_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);

    const me = await browser.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(user);
  });

  test('reads role "tenant" as renter and accepts landlords and caretakers unverified', async () => {
    const browser = new Browser(system.url);
    expect((await browser.post('/api/auth/signup', signupBody({ role: 'tenant' }))).body.user.role).toBe('renter');
    const landlord = await browser.post('/api/auth/signup', signupBody({ role: 'landlord' }));
    expect(landlord.body.user).toMatchObject({ role: 'landlord', isVerified: false });
    const caretaker = await browser.post('/api/auth/signup', signupBody({ role: 'caretaker' }));
    expect(caretaker.body.user).toMatchObject({ role: 'caretaker', isVerified: false });
  });

  test.each([
    ['a missing name', { name: '' }, MESSAGES.common.allFieldsRequired],
    ['a missing email', { email: undefined }, MESSAGES.common.allFieldsRequired],
    ['a missing password', { password: '' }, MESSAGES.common.allFieldsRequired],
    ['a WhatsApp number of 8 digits', { whatsapp: '67412345' }, MESSAGES.auth.whatsappExactDigits],
    ['a WhatsApp number with letters', { whatsapp: '67412345a' }, MESSAGES.auth.whatsappExactDigits],
    ['terms not agreed', { agreeToTerms: false }, MESSAGES.auth.agreeToTermsRequired],
    ['the admin role', { role: 'admin' }, MESSAGES.auth.invalidRole],
    ['a short password', { password: 'short' }, MESSAGES.auth.passwordTooShort],
    ['an invalid e-mail', { email: 'not-an-email' }, MESSAGES.auth.invalidEmail],
  ])('refuses %s with 400 and stores nothing', async (_label, over, message) => {
    const browser = new Browser(system.url);
    const body = signupBody(over);
    const res = await browser.post('/api/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(Array.isArray(res.body.errors)).toBe(true);
    expect(browser.cookie('mboa_session')).toBeUndefined();
    if (typeof body.email === 'string' && body.email.includes('@') && typeof body.password === 'string') {
      const login = await browser.post('/api/auth/login', { email: body.email, password: body.password });
      expect(login.status).not.toBe(200);
    }
  });

  test('refuses an e-mail already registered, whatever its case, with 409', async () => {
    const browser = new Browser(system.url);
    const body = signupBody();
    expect((await browser.post('/api/auth/signup', body)).status).toBe(201);
    const again = await new Browser(system.url).post('/api/auth/signup', { ...body, email: body.email.toUpperCase(), name: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: MESSAGES.auth.emailAlreadyRegistered });
  });

  test('answers a body that is not JSON with 400, not 500', async () => {
    const res = await new Browser(system.url).post('/api/auth/signup', '{"name": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('login and logout', () => {
  const account = signupBody({ email: uniqueEmail('login') });

  beforeAll(async () => {
    expect((await new Browser(system.url).post('/api/auth/signup', account)).status).toBe(201);
  });

  test('without rememberMe sets a browser-session cookie; with rememberMe one of 30 days', async () => {
    const plain = new Browser(system.url);
    const res = await plain.post('/api/auth/login', { email: account.email, password: account.password });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.auth.loginSuccess);
    expect(res.body.user.email).toBe(account.email);
    const plainCookie = plain.lastSetCookie.find((c) => c.startsWith('mboa_session='))!;
    expect(plainCookie).not.toMatch(/Max-Age/i);

    const remembered = new Browser(system.url);
    await remembered.post('/api/auth/login', { email: account.email.toUpperCase(), password: account.password, rememberMe: true });
    const cookie = remembered.lastSetCookie.find((c) => c.startsWith('mboa_session='))!;
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect((await remembered.get('/api/me')).status).toBe(200);
  });

  test('a wrong password and an unknown e-mail get the same 401 text', async () => {
    const wrong = await new Browser(system.url).post('/api/auth/login', { email: account.email, password: 'wrong password' });
    const unknown = await new Browser(system.url).post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'whatever1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: MESSAGES.auth.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  test('empty fields get "All fields are required" before any check', async () => {
    const res = await new Browser(system.url).post('/api/auth/login', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.common.allFieldsRequired);
  });

  test('logout ends the session on the server: the old cookie no longer works', async () => {
    const browser = new Browser(system.url);
    await browser.post('/api/auth/login', { email: account.email, password: account.password });
    const token = browser.cookie('mboa_session')!;
    const out = await browser.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(browser.cookie('mboa_session')).toBeUndefined();
    expect((await browser.get('/api/me')).status).toBe(401);
    const replay = await new Browser(system.url).request('GET', '/api/me', undefined, { cookie: `mboa_session=${token}` });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: MESSAGES.auth.notSignedIn });
  });

  test('the session mark scripts may read comes and goes with the session cookie, same lifetime, and names each sign-in anew (docs/api.md#sessions-and-cookies)', async () => {
    const markOf = (b: Browser) => b.lastSetCookie.find((c) => c.startsWith(`${SESSION_MARK_COOKIE}=`));
    const plain = new Browser(system.url);
    await plain.post('/api/auth/login', { email: account.email, password: account.password });
    const mark = markOf(plain)!;
    expect(mark).toBeDefined();
    // Readable by the page and its service worker; a browser-session cookie like the session's.
    expect(mark).not.toMatch(/HttpOnly/i);
    expect(mark).toMatch(/SameSite=Lax/i);
    expect(mark).toMatch(/Path=\//i);
    expect(mark).not.toMatch(/Max-Age|Expires/i);
    const first = plain.cookie(SESSION_MARK_COOKIE)!;
    expect(first).not.toBe(plain.cookie('mboa_session'));

    const remembered = new Browser(system.url);
    await remembered.post('/api/auth/login', { email: account.email, password: account.password, rememberMe: true });
    expect(markOf(remembered)).toMatch(/Max-Age=2592000/);
    expect(remembered.cookie(SESSION_MARK_COOKIE)).not.toBe(first);

    // A session from before the mark existed gets one from /api/me; one that has it is left alone.
    const older = new Browser(system.url);
    const session = `mboa_session=${plain.cookie('mboa_session')}`;
    expect((await older.request('GET', '/api/me', undefined, { cookie: session })).status).toBe(200);
    expect(older.cookie(SESSION_MARK_COOKIE)).toBeDefined();
    await plain.get('/api/me');
    expect(markOf(plain)).toBeUndefined();

    // Logout clears both.
    await plain.post('/api/auth/logout');
    expect(plain.lastSetCookie.find((c) => c.startsWith(`${SESSION_MARK_COOKIE}=;`))).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(plain.cookie(SESSION_MARK_COOKIE)).toBeUndefined();
  });

  test('/api/me without a cookie or with a forged one is 401', async () => {
    expect((await new Browser(system.url).get('/api/me')).status).toBe(401);
    const forged = await new Browser(system.url).request('GET', '/api/me', undefined, { cookie: 'mboa_session=forged-token-value-123456789' });
    expect(forged.status).toBe(401);
  });
});

describe('failed-login limits', () => {
  test('after 10 failures for one e-mail, login answers 429 with Retry-After, even with the right password', async () => {
    const account = signupBody({ email: uniqueEmail('limited') });
    await new Browser(system.url).post('/api/auth/signup', account);
    for (let i = 0; i < 10; i++) {
      const res = await new Browser(system.url).post('/api/auth/login', { email: account.email, password: `wrong-${i}-password` });
      expect(res.status).toBe(401);
    }
    const blocked = await new Browser(system.url).post('/api/auth/login', { email: account.email, password: account.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body).toEqual({ message: MESSAGES.common.tooManyAttempts });
  });

  test('successful logins do not count', async () => {
    const account = signupBody({ email: uniqueEmail('often') });
    await new Browser(system.url).post('/api/auth/signup', account);
    for (let i = 0; i < 12; i++) {
      const res = await new Browser(system.url).post('/api/auth/login', { email: account.email, password: account.password });
      expect(res.status).toBe(200);
    }
  });
});

describe('password reset', () => {
  test('the full flow: request, mailed code, verify, confirm; old sessions end and only the new password works', async () => {
    const account = signupBody({ email: uniqueEmail('reset') });
    const browser = new Browser(system.url);
    await browser.post('/api/auth/signup', account);

    // Verify and confirm from the browser that asked: the code belongs to its request cookie, and
    // confirm needs the reset cookie verify sets there.
    const resetter = new Browser(system.url);
    const unknown = await new Browser(system.url).post('/api/auth/password-reset/request', { email: uniqueEmail('ghost') });
    const known = await resetter.post('/api/auth/password-reset/request', { email: account.email });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(MESSAGES.passwordReset.requestSent);

    const [code] = await system.mailedCodes(account.email, { atLeast: 1 });
    expect(code).toMatch(/^\d{6}$/);

    const early = await new Browser(system.url).post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'new password 1' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(MESSAGES.passwordReset.verifyFirst);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await resetter.post('/api/auth/password-reset/verify', { email: account.email, code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MESSAGES.passwordReset.codeInvalid);

    const ok = await resetter.post('/api/auth/password-reset/verify', { email: account.email, code });
    expect(ok.status).toBe(200);
    const confirm = await resetter.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'new password 1' });
    expect(confirm.status).toBe(200);
    expect(confirm.body.message).toBe(MESSAGES.passwordReset.confirmSuccess);

    expect((await browser.get('/api/me')).status).toBe(401);
    expect((await new Browser(system.url).post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(401);
    expect((await new Browser(system.url).post('/api/auth/login', { email: account.email, password: 'new password 1' })).status).toBe(200);

    // The code is spent.
    const reuse = await resetter.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'another password' });
    expect(reuse.status).toBe(400);
  });

  test('five wrong codes end the code: the right one is refused afterwards', async () => {
    const account = signupBody({ email: uniqueEmail('guess') });
    await new Browser(system.url).post('/api/auth/signup', account);
    const asker = new Browser(system.url);
    await asker.post('/api/auth/password-reset/request', { email: account.email });
    const [code] = await system.mailedCodes(account.email, { atLeast: 1 });
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      expect((await asker.post('/api/auth/password-reset/verify', { email: account.email, code: wrong })).status).toBe(400);
    }
    const right = await asker.post('/api/auth/password-reset/verify', { email: account.email, code });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(MESSAGES.passwordReset.tooManyWrongTries);
  });

  test('a second request from the same browser within 60 s sends no new code', async () => {
    const account = signupBody({ email: uniqueEmail('resend') });
    await new Browser(system.url).post('/api/auth/signup', account);
    const asker = new Browser(system.url);
    await asker.post('/api/auth/password-reset/request', { email: account.email });
    const again = await asker.post('/api/auth/password-reset/request', { email: account.email });
    expect(again.status).toBe(200);
    // Requests are mailed in order: once a later one's mail is out, the second one was handled.
    const later = signupBody({ email: uniqueEmail('later') });
    await new Browser(system.url).post('/api/auth/signup', later);
    await new Browser(system.url).post('/api/auth/password-reset/request', { email: later.email });
    await system.mailedCodes(later.email, { atLeast: 1 });
    expect(await system.mailedCodes(account.email)).toHaveLength(1);
  });

  test.each([
    ['request', { email: '' }, MESSAGES.passwordReset.emailRequired],
    ['verify', { email: 'a@b.cm', code: '' }, MESSAGES.passwordReset.codeRequired],
    ['confirm', { email: '', newPassword: '' }, MESSAGES.passwordReset.fillAllFields],
  ])('%s with empty fields is 400 with the catalog text', async (step, body, message) => {
    const res = await new Browser(system.url).post(`/api/auth/password-reset/${step}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('ban and unban (auth service operations)', () => {
  test('a ban ends every session at once and blocks login with 403; unban restores login', async () => {
    const account = signupBody({ email: uniqueEmail('banned') });
    const browser = new Browser(system.url);
    const { body } = await browser.post('/api/auth/signup', account);
    const rpc = new RpcClient({ servers: system.config.natsUrl, subjectPrefix: system.config.subjectPrefix });
    await rpc.connect();
    try {
      const banned = await rpc.call(AUTH_PATTERNS.usersBan, { userId: body.user.id, actor: TEST_STAFF });
      expect(banned.user.status).toBe('banned');
      expect((await browser.get('/api/me')).status).toBe(401);
      const login = await new Browser(system.url).post('/api/auth/login', { email: account.email, password: account.password });
      expect(login.status).toBe(403);
      expect(login.body).toEqual({ message: MESSAGES.auth.accountBanned });
      await expect(rpc.call(AUTH_PATTERNS.usersBan, { userId: body.user.id, actor: TEST_STAFF })).rejects.toMatchObject({ status: 409 });

      await rpc.call(AUTH_PATTERNS.usersUnban, { userId: body.user.id, actor: TEST_STAFF });
      expect((await new Browser(system.url).post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    } finally {
      await rpc.close();
    }
  });
});

describe('password rules (ASVS V2.1)', () => {
  test.each([
    ['a top-10 password', '12345678', MESSAGES.auth.passwordTooCommon],
    ['"password"', 'password', MESSAGES.auth.passwordTooCommon],
    ['a common password in capitals', 'IloveYou1', MESSAGES.auth.passwordTooCommon],
    ['eight spaces', '        ', MESSAGES.auth.passwordAllWhitespace],
  ])('sign-up refuses %s with 400 and the reason, and stores nothing', async (_label, password, message) => {
    const body = signupBody({ email: uniqueEmail('weak'), password });
    const browser = new Browser(system.url);
    const res = await browser.post('/api/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, errors: [`password: ${message}`] });
    expect(browser.cookie('mboa_session')).toBeUndefined();
    expect((await new Browser(system.url).post('/api/auth/login', { email: body.email, password })).status).toBe(401);
  });

  test('sign-up refuses the e-mail, its local part or the name as the password, whatever the case', async () => {
    const email = uniqueEmail('Kamga.Ebolowa');
    for (const [password, message] of [
      [email.toUpperCase(), MESSAGES.auth.passwordLikeEmail],
      [email.split('@')[0], MESSAGES.auth.passwordLikeEmail],
      ['Kamga Ebolowa', MESSAGES.auth.passwordLikeName],
    ] as const) {
      const res = await new Browser(system.url).post('/api/auth/signup', signupBody({ email, name: 'Kamga Ebolowa', password }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await new Browser(system.url).post('/api/auth/signup', signupBody({ email, name: 'Kamga Ebolowa' }))).status).toBe(201);
  });

  test('a reset cannot set a common password or the e-mail; a good one works', async () => {
    const account = signupBody({ email: uniqueEmail('renew') });
    await new Browser(system.url).post('/api/auth/signup', account);
    const resetter = new Browser(system.url);
    await resetter.post('/api/auth/password-reset/request', { email: account.email });
    const [code] = await system.mailedCodes(account.email, { atLeast: 1 });
    expect((await resetter.post('/api/auth/password-reset/verify', { email: account.email, code })).status).toBe(200);
    for (const [newPassword, message] of [
      ['qwertyuiop', MESSAGES.auth.passwordTooCommon],
      [account.email, MESSAGES.auth.passwordLikeEmail],
    ] as const) {
      const res = await resetter.post('/api/auth/password-reset/confirm', { email: account.email, newPassword });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await new Browser(system.url).post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    const ok = await resetter.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'mango tree by the river' });
    expect(ok.status).toBe(200);
  });
});

describe('device cookies: an attacker cannot lock the owner out', () => {
  async function lockOut(email: string) {
    for (let i = 0; i < 10; i++) {
      expect((await new Browser(system.url).post('/api/auth/login', { email, password: `guess number ${i}` })).status).toBe(401);
    }
  }

  test('the owner with a device cookie signs in while the attacker gets 429, even with the right password', async () => {
    const account = signupBody({ email: uniqueEmail('owner') });
    await new Browser(system.url).post('/api/auth/signup', account);
    const phone = new Browser(system.url);
    expect((await phone.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    const deviceCookie = phone.lastSetCookie.find((c) => c.startsWith('mboa_device='))!;
    expect(deviceCookie).toMatch(/HttpOnly/i);
    expect(deviceCookie).toMatch(/Path=\/api(;|$)/);
    expect(deviceCookie).not.toContain(encodeURIComponent(account.email));
    expect(deviceCookie).not.toContain(account.email);

    await lockOut(account.email);
    const attacker = await new Browser(system.url).post('/api/auth/login', { email: account.email, password: account.password });
    expect(attacker.status).toBe(429);
    expect(Number(attacker.headers.get('retry-after'))).toBeGreaterThan(0);

    const owner = await phone.post('/api/auth/login', { email: account.email, password: account.password });
    expect(owner.status).toBe(200);
    expect((await phone.get('/api/me')).body.user.email).toBe(account.email);

    // A cookie for another account, or a tampered one, is no pass.
    const other = signupBody({ email: uniqueEmail('other') });
    const otherBrowser = new Browser(system.url);
    await otherBrowser.post('/api/auth/signup', other);
    expect((await otherBrowser.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(429);
    const token = phone.cookie('mboa_device')!;
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const forged = await new Browser(system.url).request('POST', '/api/auth/login', { email: account.email, password: account.password }, { cookie: `mboa_device=${tampered}` });
    expect(forged.status).toBe(429);
  });

  test("the owner's device has its own allowance of failures; once spent it is an untrusted client again", async () => {
    const account = signupBody({ email: uniqueEmail('typos') });
    const phone = new Browser(system.url);
    await phone.post('/api/auth/signup', account);
    expect(phone.cookie('mboa_device')).toBeDefined();
    await lockOut(account.email);
    for (let i = 0; i < 10; i++) {
      expect((await phone.post('/api/auth/login', { email: account.email, password: `my typo ${i}` })).status).toBe(401);
    }
    // Own allowance spent and the account locked by others: now refused like everyone.
    expect((await phone.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(429);
  });

  test('attempts refused during a lock do not extend it', async () => {
    const account = signupBody({ email: uniqueEmail('renewal') });
    await new Browser(system.url).post('/api/auth/signup', account);
    await lockOut(account.email);
    const first = await new Browser(system.url).post('/api/auth/login', { email: account.email, password: 'still guessing' });
    expect(first.status).toBe(429);
    const firstEnd = Date.now() + Number(first.headers.get('retry-after')) * 1000;
    for (let i = 0; i < 20; i++) await new Browser(system.url).post('/api/auth/login', { email: account.email, password: `more guesses ${i}` });
    const last = await new Browser(system.url).post('/api/auth/login', { email: account.email, password: 'still guessing' });
    expect(last.status).toBe(429);
    const lastEnd = Date.now() + Number(last.headers.get('retry-after')) * 1000;
    expect(lastEnd).toBeLessThanOrEqual(firstEnd + 1000);
  });

  test('a person locked out on a new device gets in through a password reset, which trusts that browser', async () => {
    const account = signupBody({ email: uniqueEmail('newphone') });
    await new Browser(system.url).post('/api/auth/signup', account);
    await lockOut(account.email);
    const newPhone = new Browser(system.url);
    expect((await newPhone.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(429);
    await newPhone.post('/api/auth/password-reset/request', { email: account.email });
    const [code] = await system.mailedCodes(account.email, { atLeast: 1 });
    expect((await newPhone.post('/api/auth/password-reset/verify', { email: account.email, code })).status).toBe(200);
    expect((await newPhone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'fresh start in douala' })).status).toBe(200);
    expect((await newPhone.post('/api/auth/login', { email: account.email, password: 'fresh start in douala' })).status).toBe(200);
    expect((await new Browser(system.url).post('/api/auth/login', { email: account.email, password: 'fresh start in douala' })).status).toBe(429);
  });
});

// Issue 23: a password reset could be finished by anyone who knew the e-mail, for 10 minutes after
// the owner entered their code; strangers' confirms also spent the owner's allowance, and nobody
// was told that a password changed. Now `verify` hands its browser a single-use reset cookie that
// `confirm` needs, and every change is mailed to the account in its language. And strangers spent
// the owner's code (5 wrong tries) and the e-mail's checks (10 in 15 minutes): now the code belongs
// to the request cookie of the browser that asked, and only that browser's tries count against it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { until } from '@mboa/platform/testing';
import { Browser, startTestSystem, type TestSystem } from './system.js';
import { signupBody, uniqueEmail } from './people.js';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

const RESET_COOKIE = 'mboa_reset';
const REQUEST_COOKIE = 'mboa_reset_request';

/** An account signed in on the owner's phone, with a reset code mailed to it. */
async function ownerWithCode(over: Record<string, unknown> = {}) {
  const account = signupBody({ email: uniqueEmail('owner'), ...over });
  const phone = new Browser(system.url);
  expect((await phone.post('/api/auth/signup', account)).status).toBe(201);
  expect((await phone.post('/api/auth/password-reset/request', { email: account.email })).status).toBe(200);
  // Read from the decoded mail: a French account's code comes in French.
  const code = await until(async () => (await mailsTo(account.email)).map((m) => /(?:reset code is|mot de passe est) (\d{6})/.exec(m)?.[1]).find(Boolean), 'the reset code', 15_000);
  return { account, phone, code };
}

const signsInWith = async (email: string, password: string) =>
  (await new Browser(system.url).post('/api/auth/login', { email, password })).status === 200;

/** The mails to an address, decoded (nodemailer writes non-ASCII headers as RFC 2047 and bodies as quoted-printable). */
async function mailsTo(email: string): Promise<string[]> {
  const files = (await readdir(system.mailDir)).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(system.mailDir, f), 'utf8')));
  return texts.filter((t) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(t)).map(decodeMail);
}

function decodeMail(raw: string): string {
  const bytes = (s: string) => Buffer.from(s.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const unfolded = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?UTF-8\?Q\?/g, '');
  const headers = unfolded.replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, word: string) => bytes(word.replace(/_/g, ' ')));
  return `${headers}\n\n${bytes(raw.slice(split).replace(/=\r?\n/g, '')).replace(/\r\n/g, '\n')}`;
}

test('verify gives only its browser the reset cookie: HttpOnly, SameSite=Strict, sent only to the reset routes; the answer carries no token', async () => {
  const { account, phone, code } = await ownerWithCode();
  const verified = await phone.post('/api/auth/password-reset/verify', { email: account.email, code });
  expect(verified.status).toBe(200);
  expect(verified.body).toEqual({ message: MESSAGES.passwordReset.codeVerified });
  const cookie = phone.lastSetCookie.find((c) => c.startsWith(`${RESET_COOKIE}=`))!;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Strict/i);
  expect(cookie).toMatch(/Path=\/api\/auth\/password-reset(;|$)/);
  expect(cookie).toMatch(/Max-Age=600/);
  const token = phone.cookie(RESET_COOKIE)!;
  expect(token.length).toBeGreaterThanOrEqual(40);
  expect(verified.text).not.toContain(token);
});

test('another client with only the e-mail cannot set the password the owner just verified for; the password and the owner’s session stay', async () => {
  const { account, phone, code } = await ownerWithCode();
  expect((await phone.post('/api/auth/password-reset/verify', { email: account.email, code })).status).toBe(200);

  const stranger = new Browser(system.url);
  const bare = await stranger.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'stolen account 1', confirmPassword: 'stolen account 1' });
  expect(bare.status).toBe(400);
  expect(bare.body.message).toBe(MESSAGES.passwordReset.verifyFirst);
  // French for a French client, from the catalog.
  const french = await stranger.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'stolen account 1' }, { 'accept-language': 'fr' });
  expect([french.status, french.body.message]).toEqual([400, MESSAGES_FR.passwordReset.verifyFirst]);
  // A made-up cookie is no better.
  const forged = await stranger.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'stolen account 1' }, { cookie: `${RESET_COOKIE}=${'A'.repeat(43)}` });
  expect([forged.status, forged.body.message]).toEqual([400, MESSAGES.passwordReset.resetTokenInvalid]);

  expect(await signsInWith(account.email, 'stolen account 1')).toBe(false);
  expect(await signsInWith(account.email, account.password)).toBe(true);
  expect((await phone.get('/api/me')).status).toBe(200);
  // And the owner, who holds the cookie, still finishes.
  expect((await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'owner keeps it 1' })).status).toBe(200);
});

test('the owner’s verify then confirm works once: the same reset cookie again is refused and changes nothing', async () => {
  const { account, phone, code } = await ownerWithCode();
  expect((await phone.post('/api/auth/password-reset/verify', { email: account.email, code })).status).toBe(200);
  const token = phone.cookie(RESET_COOKIE)!;

  const done = await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'first new one 1', confirmPassword: 'first new one 1' });
  expect(done.status).toBe(200);
  expect(done.body.message).toBe(MESSAGES.passwordReset.confirmSuccess);
  // The browser forgets the spent cookie...
  expect(phone.cookie(RESET_COOKIE)).toBeUndefined();
  // ...and a copy of it kept elsewhere sets nothing.
  const replay = await new Browser(system.url).post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'second new one 2' }, { cookie: `${RESET_COOKIE}=${token}` });
  expect([replay.status, replay.body.message]).toEqual([400, MESSAGES.passwordReset.resetTokenInvalid]);
  expect(await signsInWith(account.email, 'second new one 2')).toBe(false);
  expect(await signsInWith(account.email, 'first new one 1')).toBe(true);
});

test('a refused new password spends nothing: the owner tries another with the same cookie', async () => {
  const { account, phone, code } = await ownerWithCode();
  expect((await phone.post('/api/auth/password-reset/verify', { email: account.email, code })).status).toBe(200);
  const weak = await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'qwertyuiop' });
  expect([weak.status, weak.body.message]).toEqual([400, MESSAGES.auth.passwordTooCommon]);
  expect((await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'a better one 9' })).status).toBe(200);
});

test('a reset cookie verified for one account does not set the password of another', async () => {
  const victim = await ownerWithCode();
  expect((await victim.phone.post('/api/auth/password-reset/verify', { email: victim.account.email, code: victim.code })).status).toBe(200);
  const attacker = await ownerWithCode();
  expect((await attacker.phone.post('/api/auth/password-reset/verify', { email: attacker.account.email, code: attacker.code })).status).toBe(200);
  // The attacker verified their own account, then names the victim's.
  const crossed = await attacker.phone.post('/api/auth/password-reset/confirm', { email: victim.account.email, newPassword: 'not yours either 3' });
  expect([crossed.status, crossed.body.message]).toEqual([400, MESSAGES.passwordReset.resetTokenInvalid]);
  expect(await signsInWith(victim.account.email, victim.account.password)).toBe(true);
  expect((await victim.phone.post('/api/auth/password-reset/confirm', { email: victim.account.email, newPassword: 'victim is fine 4' })).status).toBe(200);
});

test('strangers’ confirms never spend the owner’s allowance: after ten before and ten after the verify, the owner finishes the reset', async () => {
  const { account, phone, code } = await ownerWithCode();
  const strangerTries = async (round: number) => {
    for (let i = 0; i < 10; i++) {
      const headers: Record<string, string> = i % 2 ? { cookie: `${RESET_COOKIE}=${`guess${round}${i}`.padEnd(43, 'x')}` } : {};
      const res = await new Browser(system.url).post('/api/auth/password-reset/confirm', { email: account.email, newPassword: `taken over ${round}${i}` }, headers);
      expect(res.status).toBe(400);
    }
  };
  await strangerTries(1);
  // Before the fix the ten confirms had spent the e-mail's checks: this verify got 429 for 15 minutes.
  const verified = await phone.post('/api/auth/password-reset/verify', { email: account.email, code });
  expect(verified.status).toBe(200);
  await strangerTries(2);
  const done = await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'still mine 5' });
  expect(done.status).toBe(200);
  expect(await signsInWith(account.email, 'still mine 5')).toBe(true);
});

test.each([
  ['fr', MESSAGES_FR.passwordReset.changedMailSubject, 'heure du Cameroun', /novembre|décembre|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre/],
  ['en', MESSAGES.passwordReset.changedMailSubject, 'Cameroon time', /November|December|January|February|March|April|May|June|July|August|September|October/],
] as const)('a password change is mailed to the account in its language (%s): when, and what to do if it was not them', async (language, subject, zone, month) => {
  const { account, phone, code } = await ownerWithCode({ language });
  const before = (await mailsTo(account.email)).length;
  expect((await phone.post('/api/auth/password-reset/verify', { email: account.email, code })).status).toBe(200);
  // The confirm comes in English: the mail still follows the account.
  expect((await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'changed today 6' }, { 'accept-language': 'en' })).status).toBe(200);
  const mail = await until(async () => (await mailsTo(account.email)).slice(before).find((m) => m.includes(subject)), 'the password-changed mail', 15_000);
  expect(mail).toMatch(new RegExp(`^Subject: ${subject}$`, 'm'));
  expect(mail).toContain(zone);
  expect(mail).toMatch(month);
  expect(mail).toContain(String(new Date().getUTCFullYear()));
  expect(mail).toContain(language === 'fr' ? 'Mot de passe oublié ?' : 'Forgot password?');
  expect(mail).not.toContain('changed today 6');
});

test('request gives its browser the request cookie (HttpOnly, SameSite=Strict, reset routes only), the same for an unknown address', async () => {
  const account = signupBody({ email: uniqueEmail('asker') });
  expect((await new Browser(system.url).post('/api/auth/signup', account)).status).toBe(201);
  const shapes: string[] = [];
  for (const email of [account.email, uniqueEmail('nobody')]) {
    const browser = new Browser(system.url);
    const asked = await browser.post('/api/auth/password-reset/request', { email });
    expect([asked.status, asked.body.message]).toEqual([200, MESSAGES.passwordReset.requestSent]);
    const cookie = browser.lastSetCookie.find((c) => c.startsWith(`${REQUEST_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/password-reset(;|$)/);
    expect(browser.cookie(REQUEST_COOKIE)!.length).toBeGreaterThanOrEqual(40);
    shapes.push(cookie.replace(/^[^;]*/, '').replace(/Expires=[^;]*/i, ''));
  }
  // Nothing in the answer tells whether the account exists.
  expect(shapes[0]).toBe(shapes[1]);
});

test('a verify without this browser’s request cookie is refused (EN and FR), even with the right code, and changes nothing', async () => {
  const { account, phone, code } = await ownerWithCode();
  const stranger = new Browser(system.url);
  const bare = await stranger.post('/api/auth/password-reset/verify', { email: account.email, code });
  expect([bare.status, bare.body.message]).toEqual([400, MESSAGES.passwordReset.askHereFirst]);
  expect(stranger.cookie(RESET_COOKIE)).toBeUndefined();
  const french = await stranger.post('/api/auth/password-reset/verify', { email: account.email, code }, { 'accept-language': 'fr' });
  expect([french.status, french.body.message]).toEqual([400, MESSAGES_FR.passwordReset.askHereFirst]);
  // A request cookie the stranger got for another address is no better.
  expect((await stranger.post('/api/auth/password-reset/request', { email: uniqueEmail('decoy') })).status).toBe(200);
  const crossed = await stranger.post('/api/auth/password-reset/verify', { email: account.email, code });
  expect([crossed.status, crossed.body.message]).toEqual([400, MESSAGES.passwordReset.askHereFirst]);
  // Nor the owner's code under a made-up request cookie for the right address.
  const forged = await new Browser(system.url).post('/api/auth/password-reset/verify', { email: account.email, code }, { cookie: `${REQUEST_COOKIE}=${'A'.repeat(32)}.${'B'.repeat(22)}` });
  expect(forged.status).toBe(400);
  expect((await phone.post('/api/auth/password-reset/verify', { email: account.email, code })).status).toBe(200);
  expect((await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'only the owner 7' })).status).toBe(200);
});

test('a stranger’s wrong verifies (more than the ten checks and the five tries) leave the owner able to verify with their code and finish', async () => {
  const { account, phone, code } = await ownerWithCode();
  const wrong = code === '000000' ? '111111' : '000000';
  // A stranger who asked for a code of their own for the owner's address, then guesses.
  const stranger = new Browser(system.url);
  expect((await stranger.post('/api/auth/password-reset/request', { email: account.email })).status).toBe(200);
  const answers: number[] = [];
  for (let i = 0; i < 12; i++) answers.push((await stranger.post('/api/auth/password-reset/verify', { email: account.email, code: wrong })).status);
  // Their own request's allowance runs out, not the owner's.
  expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
  expect(answers.at(-1)).toBe(429);
  // Others with no request cookie, or a made-up one, for good measure.
  for (let i = 0; i < 6; i++) {
    const headers: Record<string, string> = i % 2 ? { cookie: `${REQUEST_COOKIE}=${`guess${i}`.padEnd(32, 'x')}.${'y'.repeat(22)}` } : {};
    expect((await new Browser(system.url).post('/api/auth/password-reset/verify', { email: account.email, code: wrong }, headers)).status).toBe(400);
  }
  // Before: the e-mail's ten checks were spent (429 for 15 minutes) and five wrong codes had ended the owner's.
  const verified = await phone.post('/api/auth/password-reset/verify', { email: account.email, code });
  expect([verified.status, verified.body.message]).toEqual([200, MESSAGES.passwordReset.codeVerified]);
  expect((await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'guess away 8' })).status).toBe(200);
  expect(await signsInWith(account.email, 'guess away 8')).toBe(true);
});

test('a stranger’s request after the owner’s gets a code of its own and leaves the owner’s code working', async () => {
  const { account, phone, code } = await ownerWithCode();
  const stranger = new Browser(system.url);
  expect((await stranger.post('/api/auth/password-reset/request', { email: account.email })).status).toBe(200);
  // The stranger's request was handled (its code mailed to the owner's mailbox, never to the stranger).
  await system.mailedCodes(account.email, { atLeast: 2 });
  const verified = await phone.post('/api/auth/password-reset/verify', { email: account.email, code });
  expect(verified.status).toBe(200);
  expect((await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'first come 10' })).status).toBe(200);
  expect(await signsInWith(account.email, 'first come 10')).toBe(true);
});

test('a stranger who spends the e-mail’s requests and fills the pending codes from three browsers does not keep the owner, on a phone they signed in on before, from a code; another account’s device cookie earns nothing', async () => {
  const account = signupBody({ email: uniqueEmail('phone.owner') });
  expect((await new Browser(system.url).post('/api/auth/signup', account)).status).toBe(201);
  // The owner signed in on this phone some day, then signed out: it keeps the device cookie.
  const phone = new Browser(system.url);
  expect((await phone.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
  expect((await phone.post('/api/auth/logout')).status).toBe(200);
  expect(phone.cookie('mboa_device')).toBeDefined();

  // The stranger's three browsers each get a code mailed (to the owner): the pending codes are full...
  const strangerAnswers: { status: number; body: unknown; cookie: string }[] = [];
  const ask = async (browser: Browser) => {
    const res = await browser.post('/api/auth/password-reset/request', { email: account.email });
    const cookie = browser.lastSetCookie.find((c) => c.startsWith(`${REQUEST_COOKIE}=`)) ?? '';
    return { status: res.status, body: res.body as unknown, cookie: cookie.replace(/^[^;]*/, '').replace(/Expires=[^;]*/i, '') };
  };
  for (let i = 0; i < 3; i++) strangerAnswers.push(await ask(new Browser(system.url)));
  const strangerCodes = await system.mailedCodes(account.email, { atLeast: 3 });
  expect(strangerCodes).toHaveLength(3);
  // ...and two more requests spend the rest of the e-mail's five.
  for (let i = 0; i < 2; i++) strangerAnswers.push(await ask(new Browser(system.url)));
  expect(strangerAnswers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  expect((await ask(new Browser(system.url))).status).toBe(429);

  // A browser where the stranger signed in to an account of their own gets no exemption for the owner's address.
  const own = signupBody({ email: uniqueEmail('stranger') });
  expect((await new Browser(system.url).post('/api/auth/signup', own)).status).toBe(201);
  const strangersPhone = new Browser(system.url);
  expect((await strangersPhone.post('/api/auth/login', { email: own.email, password: own.password })).status).toBe(200);
  expect((await strangersPhone.post('/api/auth/logout')).status).toBe(200);
  expect(strangersPhone.cookie('mboa_device')).toBeDefined();
  expect((await ask(strangersPhone)).status).toBe(429);

  // The owner's phone is counted on its own allowance, and its answer is the very one strangers got.
  const owners = await ask(phone);
  expect(owners).toEqual(strangerAnswers[0]);
  expect(owners.body).toEqual({ message: MESSAGES.passwordReset.requestSent });
  const codes = await system.mailedCodes(account.email, { atLeast: 4, timeoutMs: 20_000 });
  expect(codes).toHaveLength(4);
  const code = codes[3];
  expect((await phone.post('/api/auth/password-reset/verify', { email: account.email, code })).status).toBe(200);
  expect((await phone.post('/api/auth/password-reset/confirm', { email: account.email, newPassword: 'my phone still 11' })).status).toBe(200);
  expect(await signsInWith(account.email, 'my phone still 11')).toBe(true);
}, 120_000);

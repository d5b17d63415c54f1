// Issue 23: a password reset could be finished by anyone who knew the e-mail, for 10 minutes after
// the owner entered their code; strangers' confirms also spent the owner's allowance, and nobody
// was told that a password changed. Now `verify` hands its browser a single-use reset cookie that
// `confirm` needs, and every change is mailed to the account in its language.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { until } from '@mboa/platform/testing';
import { Browser, startTestSystem, type TestSystem } from './system.js';
import { signupBody, uniqueEmail } from './people.js';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
}, 60_000);

afterAll(async () => {
  await system?.stop();
});

const RESET_COOKIE = 'mboa_reset';

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

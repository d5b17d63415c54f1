// The reset token against the real servers: single use, ten minutes, only its hash stored, and not
// undone by a new code someone else asks for (issue 23: a reset could be finished with the e-mail alone).
// Each code belongs to the browser that asked (its request id): strangers who know only the e-mail
// neither spend the owner's tries nor undo the owner's code.
import { AUTH_PATTERNS, LIMITS, MESSAGES } from '@mboa/contracts';
import type { MailMessage, MailPort } from '@mboa/platform';
import { until } from '@mboa/platform/testing';
import { AuthDb } from '../db.js';
import { PasswordResetService, resetRequestHash } from '../reset/password-reset.service.js';
import { startAuthTestbed, type AuthTestbed } from './testbed.js';

let bed: AuthTestbed;
let resets: PasswordResetService;
let db: AuthDb;
const mailed: MailMessage[] = [];
const MINUTE = 60_000;

beforeAll(async () => {
  bed = await startAuthTestbed('authreset', {
    mailer: (files): MailPort => ({
      async send(message) {
        await files.send(message);
        mailed.push(message);
      },
    }),
  });
  resets = bed.service.get(PasswordResetService);
  db = bed.service.get(AuthDb);
}, 120_000);

afterAll(() => bed?.stop());

let made = 0;
/** The owner asked from their browser (`owner-browser`) and got the first code. */
async function accountWithCode(now: Date) {
  const email = `reset.${Date.now()}.${++made}@example.cm`;
  await bed.rpc.call(AUTH_PATTERNS.signup, { name: 'Ebai Ndip', email, password: 'old password 1', role: 'renter', whatsapp: '677112233', agreeToTerms: true });
  await resets.sendCode(email, resetRequestHash(OWNER), now);
  return { email, code: codeIn(email, 1) };
}

const OWNER = 'owner-browser';
const mailsTo = (email: string) => mailed.filter((m) => m.to === email && m.subject === MESSAGES.passwordReset.mailSubject).length;
const refusal = (message: string) => ({ body: { status: 400, message } });
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** The newest of the `count` codes mailed to `email`. */
function codeIn(email: string, count: number): string {
  const codes = mailed.filter((m) => m.to === email).map((m) => /reset code is (\d{6})/.exec(m.text)?.[1]).filter(Boolean);
  if (codes.length < count) throw new Error(`expected ${count} codes for ${email}, got ${codes.length}`);
  return codes[count - 1]!;
}

const signsIn = (email: string, password: string) =>
  bed.rpc.call(AUTH_PATTERNS.login, { email, password }).then(
    () => true,
    () => false,
  );

test('only a hash of the token is stored, and the token works for ten minutes after verify, not longer', async () => {
  const now = new Date();
  const { email, code } = await accountWithCode(now);
  const { resetToken } = await resets.verify(email, code, OWNER, now);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const stored = await db.passwordReset.findUniqueOrThrow({ where: { userId_requestHash: { userId: user.id, requestHash: resetRequestHash(OWNER) } } });
  expect(stored.requestHash).not.toContain(OWNER);
  expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  expect(stored.tokenHash).not.toContain(resetToken);
  expect(JSON.stringify(stored)).not.toContain(resetToken);

  const late = new Date(now.getTime() + LIMITS.passwordReset.verifiedWindowMinutes * MINUTE + 1000);
  await expect(resets.confirm(email, 'too late now 1', resetToken, late)).rejects.toMatchObject({
    body: { status: 400, message: MESSAGES.passwordReset.resetTokenInvalid },
  });
  expect(await signsIn(email, 'too late now 1')).toBe(false);
  expect(await signsIn(email, 'old password 1')).toBe(true);
  // Within the ten minutes it works.
  await resets.confirm(email, 'just in time 2', resetToken, new Date(now.getTime() + 9 * MINUTE));
  expect(await signsIn(email, 'just in time 2')).toBe(true);
});

test('a new code asked after the owner verified (anyone may ask one) leaves the owner’s token working', async () => {
  const now = new Date();
  const { email, code } = await accountWithCode(now);
  const { resetToken } = await resets.verify(email, code, OWNER, now);
  const later = new Date(now.getTime() + (LIMITS.passwordReset.resendMinSeconds + 1) * 1000);
  await resets.sendCode(email, resetRequestHash(OWNER), later);
  expect(codeIn(email, 2)).toMatch(/^\d{6}$/);
  await resets.confirm(email, 'owner finishes 3', resetToken, later);
  expect(await signsIn(email, 'owner finishes 3')).toBe(true);
});

test('two confirms racing with one token set one password', async () => {
  const now = new Date();
  const { email, code } = await accountWithCode(now);
  const { resetToken } = await resets.verify(email, code, OWNER, now);
  const results = await Promise.allSettled([
    resets.confirm(email, 'racing first 4', resetToken, now),
    resets.confirm(email, 'racing second 5', resetToken, now),
  ]);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const winner = results[0].status === 'fulfilled' ? 'racing first 4' : 'racing second 5';
  const loser = winner === 'racing first 4' ? 'racing second 5' : 'racing first 4';
  expect(await signsIn(email, winner)).toBe(true);
  expect(await signsIn(email, loser)).toBe(false);
  // One change, one mail.
  await until(async () => mailed.some((m) => m.to === email && m.subject === MESSAGES.passwordReset.changedMailSubject), 'the password-changed mail', 15_000);
  await new Promise((r) => setTimeout(r, 500));
  expect(mailed.filter((m) => m.to === email && m.subject === MESSAGES.passwordReset.changedMailSubject)).toHaveLength(1);
});

test('a second verify replaces the token: only the newest browser may confirm', async () => {
  const now = new Date();
  const { email, code } = await accountWithCode(now);
  const first = await resets.verify(email, code, OWNER, now);
  const second = await resets.verify(email, code, OWNER, now);
  await expect(resets.confirm(email, 'first tab 6', first.resetToken, now)).rejects.toMatchObject({ body: { status: 400 } });
  await resets.confirm(email, 'second tab 7', second.resetToken, now);
  expect(await signsIn(email, 'second tab 7')).toBe(true);
});

test('a stranger’s wrong codes, on a request of their own or with made-up request ids, leave the owner’s code untouched', async () => {
  const now = new Date();
  const { email, code } = await accountWithCode(now);
  await resets.sendCode(email, resetRequestHash('stranger-browser'), now);
  for (let i = 0; i < LIMITS.passwordReset.maxWrongTries + 2; i++) {
    await expect(resets.verify(email, otherThan(code), 'stranger-browser', now)).rejects.toMatchObject({ body: { status: 400 } });
    await expect(resets.verify(email, otherThan(code), `made-up-${i}`, now)).rejects.toMatchObject(refusal(MESSAGES.passwordReset.codeInvalid));
    // Even the right code is no good without the owner's request.
    await expect(resets.verify(email, code, `made-up-${i}`, now)).rejects.toMatchObject(refusal(MESSAGES.passwordReset.codeInvalid));
  }
  await expect(resets.verify(email, code, 'stranger-browser', now)).rejects.toMatchObject(refusal(MESSAGES.passwordReset.tooManyWrongTries));
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const owners = await db.passwordReset.findUniqueOrThrow({ where: { userId_requestHash: { userId: user.id, requestHash: resetRequestHash(OWNER) } } });
  expect(owners.attempts).toBe(0);
  const { resetToken } = await resets.verify(email, code, OWNER, now);
  await resets.confirm(email, 'owner is back 8', resetToken, now);
  expect(await signsIn(email, 'owner is back 8')).toBe(true);
  // The stranger's pending code went with the change.
  expect(await db.passwordReset.count({ where: { userId: user.id } })).toBe(0);
});

test('a stranger’s request right after the owner’s gets its own code and leaves the owner’s working; the owner asking after a stranger gets a code', async () => {
  const now = new Date();
  const { email, code } = await accountWithCode(now);
  await resets.sendCode(email, resetRequestHash('stranger-browser'), new Date(now.getTime() + 1000));
  expect(mailsTo(email)).toBe(2);
  expect(codeIn(email, 2)).toMatch(/^\d{6}$/);
  const { resetToken } = await resets.verify(email, code, OWNER, now);
  await resets.confirm(email, 'owner kept it 9', resetToken, now);
  expect(await signsIn(email, 'owner kept it 9')).toBe(true);

  // The other order: a stranger asked first, the owner 10 s later still gets a code of their own.
  const second = `reset.${Date.now()}.${++made}@example.cm`;
  await bed.rpc.call(AUTH_PATTERNS.signup, { name: 'Ebai Ndip', email: second, password: 'old password 1', role: 'renter', whatsapp: '677112233', agreeToTerms: true });
  await resets.sendCode(second, resetRequestHash('stranger-browser'), now);
  await resets.sendCode(second, resetRequestHash(OWNER), new Date(now.getTime() + 10_000));
  const ownerCode = codeIn(second, 2);
  await expect(resets.verify(second, ownerCode, OWNER, now)).resolves.toHaveProperty('resetToken');
});

test('one browser gets one code per 60 s; after that its new code replaces its old one; a fourth browser gets none while three are pending', async () => {
  const now = new Date();
  const { email, code } = await accountWithCode(now);
  await resets.sendCode(email, resetRequestHash(OWNER), new Date(now.getTime() + 30_000));
  expect(mailsTo(email)).toBe(1);
  const later = new Date(now.getTime() + (LIMITS.passwordReset.resendMinSeconds + 1) * 1000);
  await resets.sendCode(email, resetRequestHash(OWNER), later);
  expect(mailsTo(email)).toBe(2);
  const newCode = codeIn(email, 2);
  if (newCode !== code) await expect(resets.verify(email, code, OWNER, later)).rejects.toMatchObject({ body: { status: 400 } });

  await resets.sendCode(email, resetRequestHash('second-browser'), later);
  await resets.sendCode(email, resetRequestHash('third-browser'), later);
  expect(mailsTo(email)).toBe(4);
  expect(LIMITS.passwordReset.pendingPerAccount).toBe(3);
  await resets.sendCode(email, resetRequestHash('fourth-browser'), later);
  expect(mailsTo(email)).toBe(4);
  await expect(resets.verify(email, newCode, OWNER, later)).resolves.toHaveProperty('resetToken');
  // Once the pending codes have run out, a new browser gets a code again.
  const afterwards = new Date(later.getTime() + (LIMITS.passwordReset.codeValidityMinutes + LIMITS.passwordReset.verifiedWindowMinutes) * MINUTE);
  await resets.sendCode(email, resetRequestHash('fourth-browser'), afterwards);
  expect(mailsTo(email)).toBe(5);
});

test('strangers fill the pending codes from three browsers; a request from a browser signed in to the account before (knownDevice) still gets a code and the owner finishes', async () => {
  const now = new Date();
  const email = `reset.${Date.now()}.${++made}@example.cm`;
  await bed.rpc.call(AUTH_PATTERNS.signup, { name: 'Ebai Ndip', email, password: 'old password 1', role: 'renter', whatsapp: '677112233', agreeToTerms: true });
  for (const browser of ['stranger-1', 'stranger-2', 'stranger-3']) await resets.sendCode(email, resetRequestHash(browser), now);
  expect(mailsTo(email)).toBe(LIMITS.passwordReset.pendingPerAccount);
  // Any other browser, the owner's on a new phone included, waits until one ends...
  await resets.sendCode(email, resetRequestHash('new-phone'), now);
  expect(mailsTo(email)).toBe(3);
  // ...but not the phone the owner signed in on before.
  await resets.sendCode(email, resetRequestHash(OWNER), now, true);
  expect(mailsTo(email)).toBe(4);
  const { resetToken } = await resets.verify(email, codeIn(email, 4), OWNER, now);
  await resets.confirm(email, 'known phone 10', resetToken, now);
  expect(await signsIn(email, 'known phone 10')).toBe(true);
});

test('the known-device mark goes from the request through the recorded event; a request without it (as older builds recorded) is held by the pending cap', async () => {
  const email = `reset.${Date.now()}.${++made}@example.cm`;
  await bed.rpc.call(AUTH_PATTERNS.signup, { name: 'Ebai Ndip', email, password: 'old password 1', role: 'renter', whatsapp: '677112233', agreeToTerms: true });
  for (const browser of ['stranger-1', 'stranger-2', 'stranger-3']) await bed.rpc.call(AUTH_PATTERNS.passwordResetRequest, { email, requestId: browser });
  await until(async () => mailsTo(email) === 3, 'the strangers’ three codes', 15_000);
  await bed.rpc.call(AUTH_PATTERNS.passwordResetRequest, { email, requestId: 'no-mark' });
  await bed.rpc.call(AUTH_PATTERNS.passwordResetRequest, { email, requestId: OWNER, knownDevice: true });
  await until(async () => mailsTo(email) === 4, 'the known phone’s code', 15_000);
  // One consumer handles them in the order recorded: the unmarked request was handled first and mailed nothing.
  const { resetToken } = await resets.verify(email, codeIn(email, 4), OWNER);
  expect(resetToken).toBeTruthy();
  await expect(resets.verify(email, codeIn(email, 4), 'no-mark')).rejects.toMatchObject(refusal(MESSAGES.passwordReset.codeInvalid));
});

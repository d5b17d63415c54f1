// The reset token against the real servers: single use, ten minutes, only its hash stored, and not
// undone by a new code someone else asks for (issue 23: a reset could be finished with the e-mail alone).
import { AUTH_PATTERNS, LIMITS, MESSAGES } from '@mboa/contracts';
import type { MailMessage, MailPort } from '@mboa/platform';
import { until } from '@mboa/platform/testing';
import { AuthDb } from '../db.js';
import { PasswordResetService } from '../reset/password-reset.service.js';
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
}, 60_000);

afterAll(() => bed?.stop());

let made = 0;
async function accountWithCode(now: Date) {
  const email = `reset.${Date.now()}.${++made}@example.cm`;
  await bed.rpc.call(AUTH_PATTERNS.signup, { name: 'Ebai Ndip', email, password: 'old password 1', role: 'renter', whatsapp: '677112233', agreeToTerms: true });
  await resets.sendCode(email, now);
  return { email, code: codeIn(email, 1) };
}

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
  const { resetToken } = await resets.verify(email, code, now);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const stored = await db.passwordReset.findUniqueOrThrow({ where: { userId: user.id } });
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
  const { resetToken } = await resets.verify(email, code, now);
  const later = new Date(now.getTime() + (LIMITS.passwordReset.resendMinSeconds + 1) * 1000);
  await resets.sendCode(email, later);
  expect(codeIn(email, 2)).toMatch(/^\d{6}$/);
  await resets.confirm(email, 'owner finishes 3', resetToken, later);
  expect(await signsIn(email, 'owner finishes 3')).toBe(true);
});

test('two confirms racing with one token set one password', async () => {
  const now = new Date();
  const { email, code } = await accountWithCode(now);
  const { resetToken } = await resets.verify(email, code, now);
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
  const first = await resets.verify(email, code, now);
  const second = await resets.verify(email, code, now);
  await expect(resets.confirm(email, 'first tab 6', first.resetToken, now)).rejects.toMatchObject({ body: { status: 400 } });
  await resets.confirm(email, 'second tab 7', second.resetToken, now);
  expect(await signsIn(email, 'second tab 7')).toBe(true);
});

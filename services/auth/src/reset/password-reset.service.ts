import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { catalogueOf, EVENT_TYPES, LIMITS, MESSAGES, type EmptyReply, type PasswordResetVerifyReply } from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { AuthDb } from '../db.js';
import { recordEvent } from '../events.js';
import { PasswordChanges } from '../password-change/password-changes.js';
import { assertAcceptablePassword } from '../rules/password-policy.js';

const RULES = LIMITS.passwordReset;
const MINUTE = 60_000;

/**
 * Three steps (docs/api.md#auth-and-profile): `request` mails (through `sendCode`) a 6-digit code
 * that belongs to the asking browser's request id (valid 10 min, one per 60 s per browser, at most
 * `pendingPerAccount` pending at once) and answers the same whether or not the account exists;
 * `verify` checks it only with that request id (5 wrong tries end that code, no other) and hands
 * the verifying browser a single-use reset token (only hashes are kept); `confirm` sets the password
 * only with that token, within 10 minutes of the verify, spends it with every pending code of the
 * account, ends every session of the user and has the change mailed to the account. Knowing the
 * e-mail, even the moment the owner verified, is not enough to set a password or to spend the
 * owner's tries.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger('password-reset');

  constructor(
    private readonly db: AuthDb,
    private readonly changes: PasswordChanges,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /**
   * Answers at once, the same for every address: the lookup, the code and the mail happen in this
   * service's consumer of the recorded event (`sendCode`), so the answer's timing says nothing about
   * whether the account exists, and the outbox keeps the request through a restart.
   */
  async request(email: string, requestId: string, knownDevice = false): Promise<EmptyReply> {
    await this.db.$transaction(async (tx) => {
      await recordEvent(tx, EVENT_TYPES.passwordResetRequested, {
        email: email.trim().toLowerCase(),
        requestHash: resetRequestHash(requestId),
        ...(knownDevice ? { knownDevice } : {}),
      });
    });
    return {};
  }

  /**
   * Mails a code for a `password-reset.requested` event; throwing makes the event come back later.
   * The same browser asking again within 60 s gets nothing new (its code stands); another browser's
   * request gets a code of its own and leaves the others alone, as long as fewer than
   * `pendingPerAccount` are pending: a stranger's requests never undo the owner's code.
   *
   * A `knownDevice` request (the browser holds a device cookie of this account: someone signed in
   * to it there) gets its code even past `pendingPerAccount`, so strangers who fill the pending
   * codes do not keep the owner from resetting on their own phone. Allowed beyond the cap rather
   * than taking the place of a stranger's code: the cap only bounds how many codes strangers can
   * have mailed, and a known device is already bounded by its own allowance
   * (`requestsPerDevice`, counted by the gateway) and one code per 60 s; replacing would need each
   * code to remember where it was asked from, and would end a code the owner may have asked on a
   * new phone.
   */
  async sendCode(email: string, requestHash: string, now = new Date(), knownDevice = false): Promise<void> {
    const user = await this.db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    if (!user || user.status === 'banned') return;
    await this.db.passwordReset.deleteMany({ where: { userId: user.id, ...ended(now) } });
    const key = { userId_requestHash: { userId: user.id, requestHash } };
    const previous = await this.db.passwordReset.findUnique({ where: key });
    if (previous && now.getTime() - previous.sentAt.getTime() < RULES.resendMinSeconds * 1000) return;
    if (!previous && !knownDevice && (await this.db.passwordReset.count({ where: { userId: user.id } })) >= RULES.pendingPerAccount) return;

    const code = randomInt(0, 10 ** RULES.codeLength).toString().padStart(RULES.codeLength, '0');
    // A new code leaves a verified browser's token alone: that browser may still confirm.
    const reset = {
      codeHash: hashCode(user.id, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + RULES.codeValidityMinutes * MINUTE),
      attempts: 0,
    };
    const saved = await this.db.passwordReset.upsert({ where: key, create: { userId: user.id, requestHash, ...reset }, update: reset });
    try {
      await this.config.mailer.send({
        to: user.email,
        // In the account's language, whatever language the request came in.
        subject: catalogueOf(user.language).passwordReset.mailSubject,
        text: catalogueOf(user.language).passwordReset.mailBody(code),
      });
    } catch (error) {
      // The person can ask again at once: the code that never left is forgotten.
      await this.db.passwordReset.delete({ where: { id: saved.id } }).catch(() => undefined);
      this.logger.error(`reset mail to user ${user.id} failed, will retry: ${(error as Error).message}`);
      throw error;
    }
  }

  /**
   * Only the code of this browser's request is tried: without it the answer is the plain "invalid
   * code" (the same whether or not the account exists), and nobody else's code loses a try.
   */
  async verify(email: string, code: string, requestId: string, now = new Date()): Promise<PasswordResetVerifyReply> {
    const user = await this.db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    const reset = user
      ? await this.db.passwordReset.findUnique({ where: { userId_requestHash: { userId: user.id, requestHash: resetRequestHash(requestId) } } })
      : null;
    if (!user || !reset || reset.expiresAt <= now) throw fail.badRequest(MESSAGES.passwordReset.codeInvalid);
    if (reset.attempts >= RULES.maxWrongTries) throw fail.badRequest(MESSAGES.passwordReset.tooManyWrongTries);

    if (!sameHash(reset.codeHash, hashCode(user.id, code))) {
      // Counted atomically so parallel guesses cannot exceed the allowance.
      const counted = await this.db.passwordReset.updateMany({
        where: { id: reset.id, attempts: { lt: RULES.maxWrongTries } },
        data: { attempts: { increment: 1 } },
      });
      const left = counted.count ? RULES.maxWrongTries - reset.attempts - 1 : 0;
      throw fail.badRequest(left > 0 ? MESSAGES.passwordReset.codeInvalid : MESSAGES.passwordReset.tooManyWrongTries);
    }
    // A later verify of the same request (another tab) replaces the token: only the newest may confirm.
    const resetToken = randomBytes(32).toString('base64url');
    await this.db.passwordReset.update({ where: { id: reset.id }, data: { verifiedAt: now, tokenHash: hashToken(resetToken) } });
    return { resetToken };
  }

  async confirm(email: string, newPassword: string, resetToken: string, now = new Date()): Promise<EmptyReply> {
    const user = await this.db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    const tokenHash = hashToken(resetToken);
    const reset = user ? await this.db.passwordReset.findFirst({ where: { userId: user.id, tokenHash } }) : null;
    const since = new Date(now.getTime() - RULES.verifiedWindowMinutes * MINUTE);
    const valid = reset?.tokenHash && reset.verifiedAt && reset.verifiedAt > since && sameHash(reset.tokenHash, tokenHash);
    if (!user || !reset || !valid) throw fail.badRequest(MESSAGES.passwordReset.resetTokenInvalid);
    // A refused password spends nothing: the person tries another with the same token.
    assertAcceptablePassword(newPassword, user, 'newPassword');

    await this.changes.change(
      user.id,
      newPassword,
      async (tx) => {
        // Spent in the transaction that sets the password: two confirms racing with one token set one password.
        const spent = await tx.passwordReset.deleteMany({ where: { id: reset.id, tokenHash, verifiedAt: { gt: since } } });
        if (spent.count !== 1) throw fail.badRequest(MESSAGES.passwordReset.resetTokenInvalid);
        // The other browsers' codes are moot once the password is new.
        await tx.passwordReset.deleteMany({ where: { userId: user.id } });
      },
      now,
    );
    return {};
  }
}

function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/** Pending resets whose code has run out and whose verified token, if any, has too. */
function ended(now: Date) {
  const since = new Date(now.getTime() - RULES.verifiedWindowMinutes * MINUTE);
  return { expiresAt: { lte: now }, OR: [{ verifiedAt: null }, { verifiedAt: { lte: since } }] };
}

/** What is stored of a browser's request id (and carried by the `password-reset.requested` event). */
export function resetRequestHash(requestId: string): string {
  return createHash('sha256').update(`reset-request:${requestId}`).digest('hex');
}

function hashToken(token: string): string {
  return createHash('sha256').update(`reset-token:${token}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

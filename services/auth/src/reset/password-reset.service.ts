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
 * (valid 10 min, one per 60 s) and answers the same whether or not the account exists; `verify`
 * checks it (5 wrong tries end the code) and hands the verifying browser a single-use reset token
 * (only its hash is kept); `confirm` sets the password only with that token, within 10 minutes of
 * the verify, spends it, ends every session of the user and has the change mailed to the account.
 * Knowing the e-mail, even the moment the owner verified, is not enough to set a password.
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
  async request(email: string): Promise<EmptyReply> {
    await this.db.$transaction(async (tx) => {
      await recordEvent(tx, EVENT_TYPES.passwordResetRequested, { email: email.trim().toLowerCase() });
    });
    return {};
  }

  /** Mails a code for a `password-reset.requested` event; throwing makes the event come back later. */
  async sendCode(email: string, now = new Date()): Promise<void> {
    const user = await this.db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    if (!user || user.status === 'banned') return;
    const previous = await this.db.passwordReset.findUnique({ where: { userId: user.id } });
    if (previous && now.getTime() - previous.sentAt.getTime() < RULES.resendMinSeconds * 1000) return;

    const code = randomInt(0, 10 ** RULES.codeLength).toString().padStart(RULES.codeLength, '0');
    // A new code leaves a verified browser's token alone: anyone may ask for a code for the
    // owner's address, and that must not undo the owner's verified reset.
    const reset = {
      codeHash: hashCode(user.id, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + RULES.codeValidityMinutes * MINUTE),
      attempts: 0,
    };
    await this.db.passwordReset.upsert({ where: { userId: user.id }, create: { userId: user.id, ...reset }, update: reset });
    try {
      await this.config.mailer.send({
        to: user.email,
        // In the account's language, whatever language the request came in.
        subject: catalogueOf(user.language).passwordReset.mailSubject,
        text: catalogueOf(user.language).passwordReset.mailBody(code),
      });
    } catch (error) {
      // The person can ask again at once: the code that never left is forgotten.
      await this.db.passwordReset.delete({ where: { userId: user.id } }).catch(() => undefined);
      this.logger.error(`reset mail to user ${user.id} failed, will retry: ${(error as Error).message}`);
      throw error;
    }
  }

  async verify(email: string, code: string, now = new Date()): Promise<PasswordResetVerifyReply> {
    const user = await this.db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    const reset = user ? await this.db.passwordReset.findUnique({ where: { userId: user.id } }) : null;
    if (!user || !reset || reset.expiresAt <= now) throw fail.badRequest(MESSAGES.passwordReset.codeInvalid);
    if (reset.attempts >= RULES.maxWrongTries) throw fail.badRequest(MESSAGES.passwordReset.tooManyWrongTries);

    if (!sameHash(reset.codeHash, hashCode(user.id, code))) {
      // Counted atomically so parallel guesses cannot exceed the allowance.
      const counted = await this.db.passwordReset.updateMany({
        where: { userId: user.id, attempts: { lt: RULES.maxWrongTries } },
        data: { attempts: { increment: 1 } },
      });
      const left = counted.count ? RULES.maxWrongTries - reset.attempts - 1 : 0;
      throw fail.badRequest(left > 0 ? MESSAGES.passwordReset.codeInvalid : MESSAGES.passwordReset.tooManyWrongTries);
    }
    // A later verify (another tab) replaces the token: only the newest browser may confirm.
    const resetToken = randomBytes(32).toString('base64url');
    await this.db.passwordReset.update({ where: { userId: user.id }, data: { verifiedAt: now, tokenHash: hashToken(resetToken) } });
    return { resetToken };
  }

  async confirm(email: string, newPassword: string, resetToken: string, now = new Date()): Promise<EmptyReply> {
    const user = await this.db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    const reset = user ? await this.db.passwordReset.findUnique({ where: { userId: user.id } }) : null;
    const tokenHash = hashToken(resetToken);
    const since = new Date(now.getTime() - RULES.verifiedWindowMinutes * MINUTE);
    const valid = reset?.tokenHash && reset.verifiedAt && reset.verifiedAt > since && sameHash(reset.tokenHash, tokenHash);
    if (!user || !valid) throw fail.badRequest(MESSAGES.passwordReset.resetTokenInvalid);
    // A refused password spends nothing: the person tries another with the same token.
    assertAcceptablePassword(newPassword, user, 'newPassword');

    await this.changes.change(
      user.id,
      newPassword,
      async (tx) => {
        // Spent in the transaction that sets the password: two confirms racing with one token set one password.
        const spent = await tx.passwordReset.deleteMany({ where: { userId: user.id, tokenHash, verifiedAt: { gt: since } } });
        if (spent.count !== 1) throw fail.badRequest(MESSAGES.passwordReset.resetTokenInvalid);
      },
      now,
    );
    return {};
  }
}

function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

function hashToken(token: string): string {
  return createHash('sha256').update(`reset-token:${token}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

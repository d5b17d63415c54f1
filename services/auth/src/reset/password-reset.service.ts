import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { catalogueOf, EVENT_TYPES, LIMITS, MESSAGES, type EmptyReply } from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { AuthDb } from '../db.js';
import { recordEvent } from '../events.js';
import { assertAcceptablePassword } from '../rules/password-policy.js';
import { SessionStore } from '../sessions/session-store.js';
import { UsersService } from '../users/users.service.js';

const RULES = LIMITS.passwordReset;
const MINUTE = 60_000;

/**
 * Three steps (docs/api.md#auth-and-profile): `request` mails (through `sendCode`) a 6-digit code
 * (valid 10 min, one per 60 s) and answers the same whether or not the account exists; `verify`
 * checks it (5 wrong tries end the code); `confirm` sets the password only within 10 minutes of a
 * successful verify, then ends every session of the user.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger('password-reset');

  constructor(
    private readonly db: AuthDb,
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
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
    const reset = {
      codeHash: hashCode(user.id, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + RULES.codeValidityMinutes * MINUTE),
      attempts: 0,
      verifiedAt: null,
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

  async verify(email: string, code: string, now = new Date()): Promise<EmptyReply> {
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
    await this.db.passwordReset.update({ where: { userId: user.id }, data: { verifiedAt: now } });
    return {};
  }

  async confirm(email: string, newPassword: string, now = new Date()): Promise<EmptyReply> {
    const user = await this.db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    const reset = user ? await this.db.passwordReset.findUnique({ where: { userId: user.id } }) : null;
    const fresh =
      reset?.verifiedAt && now.getTime() - reset.verifiedAt.getTime() <= RULES.verifiedWindowMinutes * MINUTE;
    if (!user || !reset || !fresh) throw fail.badRequest(MESSAGES.passwordReset.verifyFirst);
    assertAcceptablePassword(newPassword, user, 'newPassword');

    await this.db.$transaction(async (tx) => {
      await this.users.setPassword(tx, user.id, newPassword);
      await tx.passwordReset.delete({ where: { userId: user.id } });
    });
    await this.sessions.destroyAllOf(user.id);
    return {};
  }
}

function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

import { Inject, Injectable } from '@nestjs/common';
import { catalogueOf, EVENT_TYPES, formatDateTime } from '@mboa/contracts';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { AuthDb, type AuthTx } from '../db.js';
import { recordEvent } from '../events.js';
import { hashPassword } from '../passwords.js';
import { SessionStore } from '../sessions/session-store.js';

/**
 * Every change of a password goes through here (a reset's `confirm` today): the new hash and the
 * `password.changed` event in one transaction, then every session of the user ends. The event is
 * mailed to the account by `PasswordChangedMailConsumer`, so a stranger who got in through the
 * owner's mailbox cannot change the password silently (docs/api.md#auth-and-profile).
 */
@Injectable()
export class PasswordChanges {
  constructor(
    private readonly db: AuthDb,
    private readonly sessions: SessionStore,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /**
   * Sets the password; `first` runs in the same transaction before it (e.g. spending the reset
   * token), and throwing there changes nothing.
   */
  async change(userId: string, newPassword: string, first: (tx: AuthTx) => Promise<void> = () => Promise.resolve(), now = new Date()): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await this.db.$transaction(async (tx) => {
      await first(tx);
      await tx.user.update({ where: { id: userId }, data: { passwordHash } });
      await recordEvent(tx, EVENT_TYPES.passwordChanged, { userId, changedAt: now.toISOString() });
    });
    await this.sessions.destroyAllOf(userId);
  }

  /** Mails the account that its password changed, in the account's language; throwing retries later. */
  async mailChange(userId: string, changedAt: string): Promise<void> {
    const user = await this.db.user.findUnique({ where: { id: userId } });
    if (!user) return;
    const texts = catalogueOf(user.language);
    await this.config.mailer.send({
      to: user.email,
      subject: texts.passwordReset.changedMailSubject,
      text: texts.passwordReset.changedMailBody(formatDateTime(changedAt, user.language)),
    });
  }
}

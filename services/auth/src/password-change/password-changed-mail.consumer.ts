import { Inject, Injectable } from '@nestjs/common';
import { EVENT_TYPES, type EventPayloads } from '@mboa/contracts';
import { EventConsumer, EventConsumerHost, nestEventBusLogger, type ConsumerBase } from '@mboa/platform';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { AuthDb, type AuthTx } from '../db.js';
import { PasswordChanges } from './password-changes.js';

/**
 * Tells the account that its password changed: the durable JetStream consumer
 * `auth-password-changed-mail` of `password.changed`. A late mail is still sent (the person must
 * learn of it whenever the mail server comes back); a redelivered event mails nothing twice.
 */
@Injectable()
export class PasswordChangedMailConsumer extends EventConsumerHost {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly db: AuthDb,
    private readonly changes: PasswordChanges,
  ) {
    super(config, 'auth');
  }

  protected consumers(base: ConsumerBase) {
    const changedMail = new EventConsumer<EventPayloads, AuthTx>({
      ...base,
      name: 'password-changed-mail',
      db: { client: this.db, schema: this.config.dbSchema },
      retryDelaysMs: [1_000, 5_000, 30_000, 120_000],
      logger: nestEventBusLogger('password-changed-mail'),
    }).on(EVENT_TYPES.passwordChanged, async (event) => {
      await this.changes.mailChange(event.payload.userId, event.payload.changedAt);
    });
    return [changedMail];
  }
}

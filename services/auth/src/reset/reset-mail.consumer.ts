import { Inject, Injectable } from '@nestjs/common';
import { EVENT_TYPES, LIMITS, type EventPayloads } from '@mboa/contracts';
import { EventConsumer, EventConsumerHost, nestEventBusLogger, type ConsumerBase } from '@mboa/platform';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';
import { AuthDb, type AuthTx } from '../db.js';
import { PasswordResetService } from './password-reset.service.js';

/** A request older than a code's validity is dropped: the person has asked again or given up. */
const STALE_AFTER_MS = LIMITS.passwordReset.codeValidityMinutes * 60_000;

/**
 * Mails reset codes: the durable JetStream consumer `auth-reset-mail` of `password-reset.requested`
 * (recorded by `PasswordResetService.request`). Replicas share the durable, so each request is
 * mailed once; a failed mail is retried with growing delays (EventConsumer), never lost.
 */
@Injectable()
export class ResetMailConsumer extends EventConsumerHost {
  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly db: AuthDb,
    private readonly resets: PasswordResetService,
  ) {
    super(config, 'auth');
  }

  protected consumers(base: ConsumerBase) {
    const resetMail = new EventConsumer<EventPayloads, AuthTx>({
      ...base,
      name: 'reset-mail',
      // processed_events: a redelivered request mails no second code.
      db: { client: this.db, schema: this.config.dbSchema },
      retryDelaysMs: [1_000, 5_000, 30_000, 120_000],
      logger: nestEventBusLogger('reset-mail'),
    }).on(EVENT_TYPES.passwordResetRequested, async (event) => {
      if (Date.now() - Date.parse(event.occurredAt) > STALE_AFTER_MS) return;
      // A request recorded before codes were bound to browsers could never be verified: skipped.
      if (!event.payload.requestHash) return;
      await this.resets.sendCode(event.payload.email, event.payload.requestHash, new Date(), event.payload.knownDevice === true);
    });
    return [resetMail];
  }
}

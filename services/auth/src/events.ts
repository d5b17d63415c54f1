import { Inject, Injectable } from '@nestjs/common';
import { HANDED_OFF_TO, type EventPayloads, type EventType } from '@mboa/contracts';
import { addToOutbox, EventHandOff, type EventEnvelope } from '@mboa/platform';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import type { AuthTx } from './db.js';

/** Records a fact in the outbox, inside the transaction that made the change. */
export async function recordEvent<T extends EventType>(tx: AuthTx, type: T, payload: EventPayloads[T]): Promise<EventEnvelope<EventPayloads[T]>> {
  return addToOutbox(tx, 'auth', { type, payload, source: 'auth' });
}

/**
 * Read your writes: after the transaction commits, hands the event to the projections other
 * services read it from (HANDED_OFF_TO, e.g. listings' owners for a ban) and waits for them.
 */
@Injectable()
export class AuthEventHandOff extends EventHandOff {
  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    super(config, 'auth');
  }

  applyNow(event: EventEnvelope): Promise<unknown> {
    return this.handOff(event, HANDED_OFF_TO[event.type as EventType]);
  }
}

import type { EventPayloads, EventType } from '@mboa/contracts';
import { addToOutbox, type EventEnvelope } from '@mboa/platform';
import type { AuthTx } from './db.js';

/** Records a fact in the outbox, inside the transaction that made the change. */
export async function recordEvent<T extends EventType>(tx: AuthTx, type: T, payload: EventPayloads[T]): Promise<EventEnvelope<EventPayloads[T]>> {
  return addToOutbox(tx, 'auth', { type, payload, source: 'auth' });
}

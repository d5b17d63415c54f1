import type { EventPayloads, EventType } from '@mboa/contracts';
import { addToOutbox } from '@mboa/platform';
import type { ListingsTx } from './db.js';

/** Records a fact in the outbox, inside the transaction that made the change. */
export async function recordEvent<T extends EventType>(tx: ListingsTx, type: T, payload: EventPayloads[T]): Promise<void> {
  await addToOutbox(tx, 'listings', { type, payload, source: 'listings' });
}

import { jetstream } from '@nats-io/jetstream';
import { headers, type MsgHdrs, type NatsConnection } from '@nats-io/nats-core';
import { encodeEnvelope, eventSubject, newEnvelope, type EventEnvelope, type NewEvent } from './envelope.js';

/**
 * Publishes straight to JetStream, bypassing the outbox. Only for facts with no database change
 * behind them (or tests): anything tied to a write belongs in addToOutbox.
 */
export async function publishEvent<T>(
  nc: NatsConnection,
  event: NewEvent<T> | EventEnvelope<T>,
  options: { prefix?: string; msgID?: string } = {},
): Promise<EventEnvelope<T>> {
  const envelope = 'id' in event ? event : newEnvelope(event);
  await jetstream(nc).publish(eventSubject(envelope.type, options.prefix), encodeEnvelope(envelope), {
    msgID: options.msgID ?? envelope.id,
    ...traceHeaders(envelope),
  });
  return envelope;
}

/** The NATS header `traceparent` of an event recorded under a span (tracing on), as a publish option. */
export function traceHeaders(envelope: EventEnvelope): { headers?: MsgHdrs } {
  if (!envelope.traceparent) return {};
  const h = headers();
  h.set('traceparent', envelope.traceparent);
  return { headers: h };
}

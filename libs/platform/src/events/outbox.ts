import { newEnvelope, type EventEnvelope, type NewEvent, type OutboxHeaders } from './envelope.js';
import { quoteIdent, type SqlExecutor } from './sql.js';

/** The NOTIFY channel a relay listens on for a schema's outbox. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}

/**
 * Records an event in the outbox of `schema`. Call it with the transaction that makes the change,
 * so the event exists exactly when the change does. The relay publishes it after commit. A payload
 * that breaks its contract throws here, before anything is written (the transaction fails).
 */
export async function addToOutbox<T>(tx: SqlExecutor, schema: string, event: NewEvent<T>): Promise<EventEnvelope<T>> {
  const envelope = newEnvelope(event);
  const meta: OutboxHeaders = { requestId: envelope.requestId, source: envelope.source, version: envelope.version, traceparent: envelope.traceparent };
  const headers = meta.requestId || meta.source || meta.version !== undefined || meta.traceparent ? JSON.stringify(meta) : null;
  // `subject` holds the event type: the NATS subject's prefix is deployment configuration.
  // The outbox columns are timestamp(3) without time zone holding UTC, as Prisma writes them.
  // pg_notify is transactional: a relay hears about the row only once it is committed.
  await tx.$executeRawUnsafe(
    `WITH e AS (
       INSERT INTO ${quoteIdent(schema)}.outbox_events (id, subject, payload, headers, created_at)
       VALUES ($1::uuid, $2, $3::jsonb, $4::jsonb, ($5::timestamptz AT TIME ZONE 'UTC'))
       RETURNING seq)
     SELECT pg_notify($6, '') FROM e`,
    envelope.id,
    envelope.type,
    JSON.stringify(envelope.payload ?? null),
    headers,
    envelope.occurredAt,
    outboxChannel(schema),
  );
  return envelope;
}

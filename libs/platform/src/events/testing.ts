import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { decodeEnvelope, DEFAULT_STREAM, eventSubject, type EventBusConfig, type EventEnvelope } from './envelope.js';
import { quoteIdent, type SqlExecutor } from './sql.js';

/**
 * The outbox tables as Prisma migrates them from the OutboxEvent / ProcessedEvent models, for
 * tests that build a schema without a generated client.
 */
export function outboxTablesSql(schema: string): string[] {
  const s = quoteIdent(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE ${s}."outbox_events" (
      "seq" BIGSERIAL NOT NULL,
      "id" UUID NOT NULL,
      "subject" TEXT NOT NULL,
      "payload" JSONB NOT NULL,
      "headers" JSONB,
      "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
      "published_at" TIMESTAMP(3),
      CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("seq"))`,
    `CREATE UNIQUE INDEX "outbox_events_id_key" ON ${s}."outbox_events"("id")`,
    `CREATE INDEX "outbox_events_published_at_seq_idx" ON ${s}."outbox_events"("published_at", "seq")`,
    `CREATE TABLE ${s}."processed_events" (
      "consumer" TEXT NOT NULL,
      "event_id" TEXT NOT NULL,
      "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
      CONSTRAINT "processed_events_pkey" PRIMARY KEY ("consumer", "event_id"))`,
  ];
}

export async function createOutboxTables(db: SqlExecutor, schema: string): Promise<void> {
  for (const sql of outboxTablesSql(schema)) await db.$executeRawUnsafe(sql);
}

export interface WaitForEventOptions<T> extends EventBusConfig {
  type: string;
  match?: (event: EventEnvelope<T>) => boolean;
  timeoutMs?: number;
}

/**
 * Resolves with the first stored event of `type` that matches, reading the stream from its start
 * with a throw-away ordered consumer (so events published before the call count too, and
 * duplicates the server dropped never appear).
 */
export async function waitForEvent<T = unknown>(nc: NatsConnection, options: WaitForEventOptions<T>): Promise<EventEnvelope<T>> {
  const consumer = await jetstream(nc).consumers.get(options.stream ?? DEFAULT_STREAM, {
    filter_subjects: eventSubject(options.type, options.prefix),
    deliver_policy: DeliverPolicy.All,
  });
  const messages = await consumer.consume();
  const timeoutMs = options.timeoutMs ?? 5_000;
  const timer = setTimeout(() => void messages.close(), timeoutMs);
  try {
    for await (const msg of messages) {
      const event = decodeEnvelope<T>(msg.data);
      if (!options.match || options.match(event)) return event;
    }
  } finally {
    clearTimeout(timer);
    await messages.close();
  }
  throw new Error(`no "${options.type}" event within ${timeoutMs} ms`);
}

/** Every stored event under `${prefix}events.${type}` (type may end in '>'), in stream order. */
export async function readStoredEvents<T = unknown>(
  nc: NatsConnection,
  options: EventBusConfig & { type: string },
): Promise<EventEnvelope<T>[]> {
  const consumer = await jetstream(nc).consumers.get(options.stream ?? DEFAULT_STREAM, {
    filter_subjects: eventSubject(options.type, options.prefix),
  });
  const pending = (await consumer.info()).num_pending;
  const events: EventEnvelope<T>[] = [];
  if (pending === 0) return events;
  const messages = await consumer.fetch({ max_messages: pending, expires: 2_000 });
  for await (const msg of messages) {
    events.push(decodeEnvelope<T>(msg.data));
    if (events.length === pending) break;
  }
  return events;
}

/** Deletes a test's own JetStream stream and what it stored, on a connection of its own; gone already is fine. */
export async function deleteTestStream(stream: string, natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222'): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
  } finally {
    await nc.drain();
  }
}

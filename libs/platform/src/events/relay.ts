import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import pg from 'pg';
import { encodeEnvelope, eventSubject, type EventBusConfig, type EventEnvelope, type OutboxHeaders } from './envelope.js';
import { ensureEventStream, type EventStreamSettings } from './stream.js';
import { outboxChannel } from './outbox.js';
import { traceHeaders } from './publish.js';
import { errorMeta, nestEventBusLogger, type EventBusLogger } from './logger.js';
import { quoteIdent, type SqlClient, type SqlExecutor } from './sql.js';

/** A claimed outbox row, already shaped as the envelope to publish. */
export interface OutboxRow {
  seq: string;
  envelope: EventEnvelope;
}

export interface OutboxRelayOptions extends EventBusConfig {
  nc: NatsConnection;
  /** A Prisma client (with @prisma/adapter-pg) or `pgSqlClient(pool)`. */
  db: SqlClient;
  /** The service's PostgreSQL schema holding outbox_events. */
  schema: string;
  /** The deployment's replicas and retention, applied to the stream at start (see ensureEventStream). */
  streamSettings?: EventStreamSettings;
  batchSize?: number;
  /**
   * Poll period while nothing tells the relay about new rows (no `listenUrl`, or its connection
   * lost), and the first fallback wait while LISTEN works.
   */
  pollMs?: number;
  /**
   * While LISTEN works, the fallback wait doubles after each poll that published nothing, up to
   * this (OUTBOX_RELAY_DEFAULTS): an idle relay costs one query per this period.
   */
  idlePollMaxMs?: number;
  /** A PostgreSQL URL to LISTEN on for new rows (one extra connection); omit to poll only. */
  listenUrl?: string;
  /** Pause after a failed batch (NATS or database down), and the first wait before listening again after losing the connection. */
  retryMs?: number;
  logger?: EventBusLogger;
  /** For tests that simulate crashes at the two dangerous moments. */
  hooks?: {
    afterClaim?(rows: OutboxRow[]): void | Promise<void>;
    afterPublish?(rows: OutboxRow[]): void | Promise<void>;
  };
}

/**
 * The relay's pace. A row's NOTIFY wakes the relay at once, so the fallback poll only covers a
 * notification that never came; an idle service then costs almost nothing.
 */
export const OUTBOX_RELAY_DEFAULTS = {
  batchSize: 100,
  pollMs: 100,
  idlePollMaxMs: 30_000,
  retryMs: 1_000,
} as const;

interface RawRow {
  seq: string;
  id: string;
  subject: string;
  payload: string;
  headers: string | null;
  occurred_at: string;
}

/**
 * Publishes committed outbox rows to JetStream, oldest first, then marks them published.
 *
 * A crash after publishing but before marking makes the next run publish again; JetStream drops
 * the copy because the msgID (the event id) is within the stream's duplicate window. Replicas take
 * a transaction-scoped advisory lock per batch, so only one publishes at a time and the stream
 * receives a schema's events in outbox order; `FOR UPDATE SKIP LOCKED` keeps rows exclusive even
 * if the lock is bypassed.
 *
 * With `listenUrl` the relay sleeps until a committed row's NOTIFY (addToOutbox sends it in the
 * row's transaction) and polls only as a fallback, backing off to `idlePollMaxMs` while nothing
 * comes. When the LISTEN connection drops it polls every `pollMs` until it listens again, then
 * looks once more for what was committed while it was deaf.
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly idlePollMaxMs: number;
  private readonly retryMs: number;
  private readonly logger: EventBusLogger;
  private loop?: Promise<void>;
  private stopping = false;
  private wake?: () => void;
  private pendingWake = false;
  private listener?: pg.Client;
  private relisten?: NodeJS.Timeout;

  constructor(private readonly options: OutboxRelayOptions) {
    this.js = jetstream(options.nc);
    this.batchSize = options.batchSize ?? OUTBOX_RELAY_DEFAULTS.batchSize;
    this.pollMs = options.pollMs ?? OUTBOX_RELAY_DEFAULTS.pollMs;
    this.idlePollMaxMs = Math.max(this.pollMs, options.idlePollMaxMs ?? OUTBOX_RELAY_DEFAULTS.idlePollMaxMs);
    this.retryMs = options.retryMs ?? OUTBOX_RELAY_DEFAULTS.retryMs;
    this.logger = options.logger ?? nestEventBusLogger('outbox-relay');
    quoteIdent(options.schema);
  }

  async start(): Promise<void> {
    if (this.loop) throw new Error('relay already started');
    await ensureEventStream(await jetstreamManager(this.options.nc), this.options);
    this.stopping = false;
    if (this.options.listenUrl) await this.listen(this.options.listenUrl);
    this.loop = this.run();
  }

  /** Stops polling and waits for the batch in flight to be published and marked. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.relisten);
    this.relisten = undefined;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /** Publishes one batch; returns how many rows it published. Safe to call while the loop runs. */
  async publishBatch(): Promise<number> {
    const { db, schema } = this.options;
    return db.$transaction(
      async (tx) => {
        const [lock] = await tx.$queryRawUnsafe<{ locked: boolean }[]>(
          'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
          `mboa.outbox.${schema}`,
        );
        if (!lock?.locked) return 0;
        const rows = await this.claim(tx);
        if (rows.length === 0) return 0;
        await this.options.hooks?.afterClaim?.(rows);
        const published: OutboxRow[] = [];
        let failure: Error | undefined;
        for (const row of rows) {
          try {
            await this.js.publish(eventSubject(row.envelope.type, this.options.prefix), encodeEnvelope(row.envelope), {
              msgID: row.envelope.id,
              ...traceHeaders(row.envelope),
            });
            published.push(row);
          } catch (err) {
            failure = err instanceof Error ? err : new Error(String(err));
            break;
          }
        }
        await this.options.hooks?.afterPublish?.(published);
        if (published.length > 0) {
          await tx.$executeRawUnsafe(
            `UPDATE ${quoteIdent(schema)}.outbox_events SET published_at = (now() AT TIME ZONE 'UTC')
             WHERE seq IN (SELECT unnest(string_to_array($1, ','))::bigint)`,
            published.map((r) => r.seq).join(','),
          );
        }
        if (failure) {
          if (published.length === 0) throw failure;
          // Keep what was published marked; the failed row stays first in line for the next try.
          this.logger.error('outbox relay: publish failed', { schema, ...errorMeta(failure) });
        }
        return published.length;
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  }

  private async claim(tx: SqlExecutor): Promise<OutboxRow[]> {
    // Text casts give the same shapes through Prisma and pg (bigint, jsonb and timestamp differ).
    const raw = await tx.$queryRawUnsafe<RawRow[]>(
      `SELECT seq::text AS seq, id::text AS id, subject, payload::text AS payload, headers::text AS headers,
              to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at
         FROM ${quoteIdent(this.options.schema)}.outbox_events
        WHERE published_at IS NULL
        ORDER BY outbox_events.seq -- the column: the text alias would sort '10' before '9'
        LIMIT $1
        FOR UPDATE SKIP LOCKED`,
      this.batchSize,
    );
    return raw.map((r) => {
      const headers = r.headers ? (JSON.parse(r.headers) as OutboxHeaders) : {};
      const envelope: EventEnvelope = { id: r.id, type: r.subject, occurredAt: r.occurred_at, payload: JSON.parse(r.payload) };
      if (headers.requestId) envelope.requestId = headers.requestId;
      if (headers.source) envelope.source = headers.source;
      if (typeof headers.version === 'number') envelope.version = headers.version;
      if (headers.traceparent) envelope.traceparent = headers.traceparent;
      return { seq: r.seq, envelope };
    });
  }

  private async run(): Promise<void> {
    let idleWait = this.pollMs;
    while (!this.stopping) {
      let published = 0;
      let failed = false;
      try {
        published = await this.publishBatch();
      } catch (err) {
        failed = true;
        this.logger.error('outbox relay: batch failed', { schema: this.options.schema, ...errorMeta(err) });
      }
      if (this.stopping) break;
      if (failed) {
        await this.sleep(this.retryMs);
        continue;
      }
      if (published === this.batchSize) continue;
      // Deaf, the poll is all there is; listening, it only covers a notification that never came.
      if (published > 0 || !this.listener) idleWait = this.pollMs;
      await this.sleep(idleWait);
      if (this.listener) idleWait = Math.min(idleWait * 2, this.idlePollMaxMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.pendingWake) {
      this.pendingWake = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private onNotify = (): void => {
    if (this.wake) this.wake();
    else this.pendingWake = true;
  };

  private async listen(url: string): Promise<void> {
    // Prisma-style URLs carry ?schema=, which pg would send to the server as a setting.
    const plain = new URL(url);
    plain.searchParams.delete('schema');
    const client = new pg.Client({ connectionString: plain.toString() });
    client.on('notification', this.onNotify);
    client.on('error', (err) => this.logger.warn('outbox relay: LISTEN connection lost', { schema: this.options.schema, ...errorMeta(err) }));
    // Watched from the start: a connection that ends between LISTEN and here must not pass for a listener.
    let ended = false;
    client.once('end', () => {
      ended = true;
      this.deaf(client, url);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(outboxChannel(this.options.schema))}`);
      if (ended) throw new Error('LISTEN connection ended');
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopping) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
  }

  /** The LISTEN connection is gone: poll at `pollMs` at once, and listen again with a growing pause. */
  private deaf(client: pg.Client, url: string): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    if (this.stopping) return;
    this.wake?.();
    const retry = (pauseMs: number) => {
      this.relisten = setTimeout(() => {
        this.relisten = undefined;
        if (this.stopping) return;
        this.listen(url).then(
          // Rows committed while deaf sent their notifications to nobody.
          () => this.onNotify(),
          (err: unknown) => {
            this.logger.warn('outbox relay: LISTEN failed, polling meanwhile', { schema: this.options.schema, ...errorMeta(err) });
            retry(Math.min(pauseMs * 2, this.idlePollMaxMs));
          },
        );
      }, pauseMs);
    };
    retry(this.retryMs);
  }
}

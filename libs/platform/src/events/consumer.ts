import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type Msg, type NatsConnection, type Subscription } from '@nats-io/nats-core';
import { EventContractError } from '@mboa/contracts';
import { assertEventType, decodeEnvelope, DEFAULT_STREAM, eventSubject, readEnvelope, type EventBusConfig, type EventEnvelope } from './envelope.js';
import { ensureEventStream, type EventStreamSettings } from './stream.js';
import { handOffSubject, type HandOffOutcome, type HandOffReply } from './hand-off.js';
import { errorMeta, nestEventBusLogger, type EventBusLogger } from './logger.js';
import {
  EVENT_DELIVERY,
  ensureParkedStream,
  isLastDelivery,
  replaySubject,
  retryDelay,
  stackSummary,
  storeParkedRecord,
  type ParkedRecord,
  type ParkReason,
} from './parking.js';
import { quoteIdent, type SqlClient, type SqlExecutor } from './sql.js';
import { runWithRequestId } from '../logging/request-context.js';
import { withEventConsumerSpan } from '../tracing/context.js';
import { eventLag, eventsParked } from '../metrics/standard.js';

/** `Tx` lets a service name its Prisma transaction client type, e.g. `EventConsumer<EventPayloads, AuthTx>`. */
export interface EventContext<Tx = SqlExecutor> {
  /** The durable consumer's name, also the `consumer` column of processed_events. */
  consumer: string;
  /** 1 on first delivery through JetStream; 0 when handed over directly (a producer's hand-off, an operator's replay). */
  deliveryCount: number;
  /** In database mode: the transaction that records the event as processed; write with it. */
  tx?: Tx;
}

export type EventHandler<T = unknown, Tx = SqlExecutor> = (event: EventEnvelope<T>, ctx: EventContext<Tx>) => Promise<void>;

/** Event type → payload, e.g. EventPayloads from @mboa/contracts; by default any type, payload unknown. */
export type EventMap = object;
type AnyEvents = Record<string, unknown>;

export interface EventConsumerOptions extends EventBusConfig {
  nc: NatsConnection;
  /** Owning service, e.g. 'listings'. */
  service: string;
  /** What this consumer does, e.g. 'owners-projection'. Durable name: `${service}-${name}`. */
  name: string;
  /**
   * With a database, each event is handled inside a transaction that first records
   * (consumer, event id) in `${schema}.processed_events`, and skipped when already there.
   * Without one, handlers must be idempotent by nature.
   */
  db?: { client: SqlClient; schema: string };
  /** The deployment's replicas and retention, applied to the stream at start (see ensureEventStream). */
  streamSettings?: EventStreamSettings;
  /** Redelivery if neither acked nor nacked in time; long handlers are kept alive meanwhile. */
  ackWaitMs?: number;
  /** Delay before redelivery after the n-th failure (the last value repeats); EVENT_DELIVERY's by default. */
  retryDelaysMs?: readonly number[];
  /**
   * JetStream deliveries of a failing event before it is parked, and the least time its retries
   * span (docs/services.md#poison-events-and-the-parked-stream); EVENT_DELIVERY's by default.
   */
  maxDeliveries?: number;
  minRetryMs?: number;
  /** Messages buffered per pull; handling is sequential. */
  batch?: number;
  /**
   * How long each pull request lives: an idle consumer sends one per period and gets its expiry
   * back, so a long one costs little (issue 27). Losing a pull is noticed by its heartbeats, not here.
   */
  pullExpiresMs?: number;
  /**
   * The server's heartbeat on a waiting pull. When the consumer's leader moves to another NATS node
   * (a node lost), the pending pull is gone with it and the client notices after two missed
   * heartbeats, then pulls again from the new leader. The client's default (half the pull's life,
   * 15 s for a 30 s pull) would stall the consumer 30 s; this is the one cost of an idle consumer
   * worth speaking of, a message per period.
   */
  heartbeatMs?: number;
  logger?: EventBusLogger;
}

const CONSUMER_NOT_FOUND = 10014;
/** A lost leader noticed within twice the heartbeat, about 5 s, as when each pull lived 5 s; a sixth of the pulls. */
const DEFAULT_PULL_EXPIRES_MS = 30_000;
const DEFAULT_HEARTBEAT_MS = 2_500;
const NAME_PATTERN = /^[a-z][a-z0-9-]*$/;

/**
 * Durable consumers started on each connection. Two with one name on one connection are a mistake
 * (they would silently split the events); replicas each have their own connection and share the
 * durable on purpose, even when a test runs them in one process.
 */
const runningOn = new WeakMap<NatsConnection, Set<string>>();

/**
 * One durable pull consumer: a subject filter, handlers by event type (at most one per type), ack
 * after the handler resolves, nak with a growing delay when it throws, and after `maxDeliveries`
 * failed deliveries the event is parked (parking.ts) so the events behind it go on. A payload that
 * fails its contract is parked at once. Unknown types under the filter are acked and ignored.
 */
export class EventConsumer<M extends EventMap = AnyEvents, Tx = SqlExecutor> {
  readonly durable: string;
  private readonly handlers = new Map<string, EventHandler<unknown, Tx>>();
  private readonly logger: EventBusLogger;
  private readonly streamName: string;
  private messages?: ConsumerMessages;
  private handOffs?: Subscription;
  private replays?: Subscription;
  private parkedStreamReady = false;
  private readonly handOffsInFlight = new Set<Promise<void>>();
  private loop?: Promise<void>;
  private stopping = false;

  constructor(private readonly options: EventConsumerOptions) {
    for (const part of [options.service, options.name]) {
      if (!NAME_PATTERN.test(part)) throw new Error(`invalid consumer name part "${part}": use lower-case words and dashes`);
    }
    if (options.db) quoteIdent(options.db.schema);
    this.durable = `${options.service}-${options.name}`;
    this.streamName = options.stream ?? DEFAULT_STREAM;
    this.logger = options.logger ?? nestEventBusLogger('events');
  }

  /** Registers the handler for one event type; a second handler for the same type is refused. */
  on<K extends keyof M & string>(type: K, handler: EventHandler<M[K], Tx>): this {
    assertEventType(type);
    if (this.loop) throw new Error(`consumer ${this.durable}: register handlers before start()`);
    if (this.handlers.has(type)) {
      throw new Error(`consumer ${this.durable}: "${type}" already has a handler; one handler per event type`);
    }
    // Looked up by the event's own type, so a handler only ever receives that type's payload.
    this.handlers.set(type, handler as EventHandler<unknown, Tx>);
    return this;
  }

  /** The single subject filter nats-server 2.9 allows: the exact subject, or the narrowest wildcard. */
  filterSubject(): string {
    const types = [...this.handlers.keys()];
    if (types.length === 1) return eventSubject(types[0], this.options.prefix);
    const split = types.map((t) => t.split('.'));
    const common: string[] = [];
    for (let i = 0; split.every((s) => i < s.length - 1 && s[i] === split[0][i]); i++) common.push(split[0][i]);
    return eventSubject([...common, '>'].join('.'), this.options.prefix);
  }

  async start(): Promise<void> {
    if (this.loop) throw new Error(`consumer ${this.durable} already started`);
    if (this.handlers.size === 0) throw new Error(`consumer ${this.durable} has no handlers`);
    const key = `${this.streamName}/${this.durable}`;
    const running = runningOn.get(this.options.nc) ?? new Set<string>();
    runningOn.set(this.options.nc, running);
    if (running.has(key)) throw new Error(`consumer ${this.durable} is already running on this connection`);
    running.add(key);
    try {
      const jsm = await jetstreamManager(this.options.nc);
      await ensureEventStream(jsm, this.options);
      await this.ensureConsumer(jsm);
      const consumer = await jetstream(this.options.nc).consumers.get(this.streamName, this.durable);
      this.messages = await consumer.consume({
        max_messages: this.options.batch ?? 10,
        expires: this.options.pullExpiresMs ?? DEFAULT_PULL_EXPIRES_MS,
        idle_heartbeat: this.options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
      });
      // Direct hand-offs from producers (see hand-off.ts) and operators' replays of parked events
      // (parked.ts); one replica of the durable takes each.
      const direct = (subject: string) =>
        this.options.nc.subscribe(subject, {
          queue: this.durable,
          callback: (err, msg) => {
            if (err) return;
            const done = this.handOff(msg).finally(() => this.handOffsInFlight.delete(done));
            this.handOffsInFlight.add(done);
          },
        });
      this.handOffs = direct(handOffSubject(this.durable, this.options.prefix));
      this.replays = direct(replaySubject(this.durable, this.options.prefix));
    } catch (err) {
      running.delete(key);
      await this.messages?.close();
      this.messages = undefined;
      this.handOffs?.unsubscribe();
      this.handOffs = undefined;
      this.replays?.unsubscribe();
      this.replays = undefined;
      throw err;
    }
    this.stopping = false;
    this.loop = this.run(this.messages).finally(() => running.delete(key));
  }

  /** Stops pulling, finishes (and acks) the event in hand, hands buffered ones back at once. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    // No new hand-offs (producers fall back to JetStream); finish the ones in hand.
    this.handOffs?.unsubscribe();
    this.handOffs = undefined;
    this.replays?.unsubscribe();
    this.replays = undefined;
    await Promise.all(this.handOffsInFlight);
    await this.messages?.close();
    await this.loop;
    this.loop = undefined;
    this.messages = undefined;
  }

  private async ensureConsumer(jsm: JetStreamManager): Promise<void> {
    const config: Partial<ConsumerConfig> = {
      durable_name: this.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: this.filterSubject(),
      ack_wait: nanos(this.ackWaitMs()),
      max_deliver: -1,
      max_ack_pending: 1000,
    };
    try {
      const info = await jsm.consumers.info(this.streamName, this.durable);
      const c = info.config;
      if (c.filter_subject !== config.filter_subject || c.ack_wait !== config.ack_wait) {
        await jsm.consumers.update(this.streamName, this.durable, {
          filter_subject: config.filter_subject,
          ack_wait: config.ack_wait,
        });
      }
    } catch (err) {
      if (!(err instanceof JetStreamApiError && err.code === CONSUMER_NOT_FOUND)) throw err;
      await jsm.consumers.add(this.streamName, config);
    }
  }

  private ackWaitMs(): number {
    return this.options.ackWaitMs ?? 60_000;
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    try {
      for await (const msg of messages) {
        if (this.stopping) {
          msg.nak(); // buffered, not started: let another replica have it now
          continue;
        }
        await this.handle(msg);
      }
    } catch (err) {
      // Only when the consumer or stream is gone for good; the client rides out reconnects.
      this.logger.error(`consumer ${this.durable} stopped`, errorMeta(err));
    }
  }

  private async handle(msg: JsMsg): Promise<void> {
    const deliveryCount = msg.info.deliveryCount;
    let delivered: EventEnvelope;
    try {
      delivered = decodeEnvelope(msg.data);
    } catch (err) {
      // Redelivering a message nobody can read helps no one; kept on the parked stream to look into.
      await this.park(msg, 'undecodable', err, { raw: new TextDecoder().decode(msg.data) });
      return;
    }
    const handler = this.handlers.get(delivered.type);
    if (!handler) {
      await this.ack(msg);
      return;
    }
    const occurred = Date.parse(delivered.occurredAt);
    if (Number.isFinite(occurred)) eventLag.observe({ consumer: this.durable, type: delivered.type }, Math.max(0, (Date.now() - occurred) / 1000));
    // Tell the server we are alive so a slow handler is not handed to another replica meanwhile.
    const keepAlive = setInterval(() => msg.working(), Math.max(this.ackWaitMs() / 3, 500));
    try {
      const event = readEnvelope(delivered);
      // Under the id of the request that caused the event: handler logs and follow-up events carry it.
      // The recording span's context: in the envelope, else in the message's header (another publisher).
      const traced = { ...event, traceparent: event.traceparent ?? msg.headers?.get('traceparent') ?? undefined };
      const run = () => withEventConsumerSpan(this.durable, traced, () => this.dispatch(handler, event, deliveryCount));
      await (event.requestId ? runWithRequestId(event.requestId, run) : run());
    } catch (err) {
      clearInterval(keepAlive);
      // A payload that breaks its contract will never be right: no retries, never half-applied.
      if (err instanceof EventContractError && !err.retryable) {
        await this.park(msg, 'invalid', err, { envelope: delivered });
        return;
      }
      const retryDelaysMs = this.options.retryDelaysMs ?? EVENT_DELIVERY.retryDelaysMs;
      const bound = {
        maxDeliveries: Math.max(1, this.options.maxDeliveries ?? EVENT_DELIVERY.maxDeliveries),
        minRetryMs: this.options.minRetryMs ?? EVENT_DELIVERY.minRetryMs,
        retryDelaysMs,
      };
      if (isLastDelivery(deliveryCount, bound)) {
        await this.park(msg, 'failed', err, { envelope: delivered });
        return;
      }
      const delay = retryDelay(retryDelaysMs, deliveryCount);
      this.logger.error(`consumer ${this.durable}: handler failed, retrying in ${delay} ms`, {
        type: delivered.type,
        eventId: delivered.id,
        deliveryCount,
        ...errorMeta(err),
      });
      msg.nak(delay);
      return;
    }
    clearInterval(keepAlive);
    await this.ack(msg);
  }

  /**
   * Moves an event this consumer cannot handle to the parked stream, then terminates it here so the
   * next event goes on. If the parked stream cannot take it, the event is retried later instead:
   * an event is never dropped without its record.
   */
  private async park(msg: JsMsg, reason: ParkReason, err: unknown, what: Pick<ParkedRecord, 'envelope' | 'raw'>): Promise<void> {
    const record: ParkedRecord = {
      consumer: this.durable,
      reason,
      error: err instanceof Error ? { message: err.message, stack: stackSummary(err.stack) } : { message: String(err) },
      deliveryCount: msg.info.deliveryCount,
      parkedAt: new Date().toISOString(),
      streamSeq: msg.seq,
      subject: msg.subject,
      ...what,
    };
    const type = what.envelope?.type ?? 'unknown';
    try {
      if (!this.parkedStreamReady) {
        const jsm = await jetstreamManager(this.options.nc);
        await ensureParkedStream(jsm, { ...this.options, replicas: this.options.streamSettings?.replicas });
        this.parkedStreamReady = true;
      }
      await storeParkedRecord(jetstream(this.options.nc), record, this.options.prefix);
    } catch (parkErr) {
      const delay = retryDelay(this.options.retryDelaysMs ?? EVENT_DELIVERY.retryDelaysMs, Number.MAX_SAFE_INTEGER);
      this.logger.error(`consumer ${this.durable}: could not park event, retrying in ${delay} ms`, { type, seq: msg.seq, ...errorMeta(parkErr) });
      msg.nak(delay);
      return;
    }
    eventsParked.inc({ consumer: this.durable, type, reason });
    this.logger.error(`consumer ${this.durable}: event parked (${reason})`, {
      type,
      eventId: what.envelope?.id,
      seq: msg.seq,
      deliveryCount: record.deliveryCount,
      ...errorMeta(err),
    });
    // No reason text: nats-server 2.9 ignores a "+TERM <reason>" it cannot parse, leaving the event pending.
    msg.term();
  }

  /**
   * An event a producer hands over right after its commit, or an operator replays from the parked
   * stream: the same handler under the same de-duplication as a JetStream delivery, so whichever
   * copy comes second changes nothing. A failure is only answered, never parked: a hand-off's
   * JetStream copy retries and parks on its own, a replayed event stays parked.
   */
  private async handOff(msg: Msg): Promise<void> {
    let reply: HandOffReply;
    try {
      if (this.stopping) throw new Error('consumer stopping');
      // Checked and upgraded like a JetStream delivery; a bad one is refused here and parked there.
      const delivered = decodeEnvelope(msg.data);
      const handler = this.handlers.get(delivered.type);
      let outcome: HandOffOutcome = 'ignored';
      if (handler) {
        const event = readEnvelope(delivered);
        const traced = { ...event, traceparent: event.traceparent ?? msg.headers?.get('traceparent') ?? undefined };
        const run = () => withEventConsumerSpan(this.durable, traced, () => this.dispatch(handler, event, 0));
        outcome = (await (event.requestId ? runWithRequestId(event.requestId, run) : run())) ? 'applied' : 'duplicate';
      }
      reply = { consumer: this.durable, outcome };
    } catch (err) {
      // JetStream delivers the event anyway and retries it there.
      this.logger.warn(`consumer ${this.durable}: hand-off failed`, { subject: msg.subject, ...errorMeta(err) });
      reply = { consumer: this.durable, error: err instanceof Error ? err.message : String(err) };
    }
    try {
      msg.respond(JSON.stringify(reply));
    } catch {
      // The producer gave up waiting or the connection closed: nothing to tell.
    }
  }

  /** Runs the handler; false when processed_events says this consumer already applied the event. */
  private async dispatch(handler: EventHandler<unknown, Tx>, event: EventEnvelope, deliveryCount: number): Promise<boolean> {
    const db = this.options.db;
    if (!db) {
      await handler(event, { consumer: this.durable, deliveryCount });
      return true;
    }
    return db.client.$transaction(
      async (tx) => {
        // A concurrent copy blocks here on the uncommitted row, then sees it and skips.
        const fresh = await tx.$executeRawUnsafe(
          `INSERT INTO ${quoteIdent(db.schema)}.processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
          this.durable,
          event.id,
        );
        if (fresh === 0) return false;
        await handler(event, { consumer: this.durable, deliveryCount, tx: tx as Tx });
        return true;
      },
      { maxWait: 10_000, timeout: Math.max(this.ackWaitMs(), 5_000) },
    );
  }

  private async ack(msg: JsMsg): Promise<void> {
    try {
      await msg.ackAck();
    } catch (err) {
      // The event was handled; a lost ack means one harmless redelivery.
      this.logger.warn(`consumer ${this.durable}: ack not confirmed`, { seq: msg.seq, ...errorMeta(err) });
    }
  }
}

/** Starts a consumer with one handler: `subscribe({ nc, service, name }, 'user.banned', handler)`. */
export async function subscribe<M extends EventMap = AnyEvents, K extends keyof M & string = keyof M & string, Tx = SqlExecutor>(
  options: EventConsumerOptions,
  type: K,
  handler: EventHandler<M[K], Tx>,
): Promise<EventConsumer<M, Tx>> {
  const consumer = new EventConsumer<M, Tx>(options).on(type, handler);
  await consumer.start();
  return consumer;
}

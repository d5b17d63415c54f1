import { errors, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { HANDED_OFF_TO, type EventType } from '@mboa/contracts';
import { encodeEnvelope, type EventEnvelope } from './envelope.js';
import { errorMeta, nestEventBusLogger, type EventBusLogger } from './logger.js';
import { natsServers } from '../nats/subjects.js';

/**
 * Read your writes across services.
 *
 * A change and its event commit together in the producer's outbox; the relay and JetStream then
 * carry the event to every durable consumer. That path never loses an event, but it is
 * asynchronous: an admin who approves a property and opens it a millisecond later would see the
 * state from before the approval. So the producer, once its transaction has committed, also hands
 * the very same envelope straight to the consumers whose projections the next read depends on,
 * over NATS request/reply, and answers only after they reply:
 *
 * - each `EventConsumer` listens on `handOffSubject(durable)` (queue group = durable, so one
 *   replica takes it) and runs the same handler under the same `processed_events` de-duplication
 *   as a JetStream delivery; whichever copy comes second is a no-op;
 * - if the consumer is down, slow or fails, the producer answers anyway after logging it: the
 *   durable JetStream path still delivers, so nothing is lost, only the read-your-writes promise
 *   waits for it (exactly as before).
 *
 * Why here and not in the gateway waiting for an acknowledgement: the producer is the one place
 * that holds the envelope the moment it commits, and the consumers already know how to apply it
 * idempotently, so one generic mechanism serves every route and every client (the gateway, other
 * services, scripts) without a per-route wait.
 */

/** The subject a durable consumer takes direct hand-offs on. Outside `events.>`: the stream never stores them. */
export function handOffSubject(durable: string, prefix = ''): string {
  return `${prefix}events-handoff.${durable}`;
}

/** What a consumer did with a handed-off event. */
export type HandOffOutcome = 'applied' | 'duplicate' | 'ignored';

/** A consumer's answer on the wire. */
export type HandOffReply = { consumer: string; outcome: HandOffOutcome } | { consumer: string; error: string };

/** What the producer learnt; `unreachable`/`failed` mean the durable path will converge later. */
export interface HandOffResult {
  consumer: string;
  outcome: HandOffOutcome | 'unreachable' | 'timeout' | 'failed';
  ms: number;
}

/**
 * How long a producer waits for one consumer before answering anyway. A projection write takes a
 * few milliseconds; this bound only matters when a consumer is wedged, and keeps the user's
 * request well inside the gateway's own RPC timeout.
 */
export const HAND_OFF_TIMEOUT_MS = 2_000;

export interface HandOffOptions {
  prefix?: string;
  timeoutMs?: number;
  logger?: EventBusLogger;
}

/**
 * Hands a committed event to each named durable consumer (in parallel) and waits for their
 * answers. Never throws: the event is already safe in the outbox.
 */
export async function handOffEvent(
  nc: NatsConnection,
  envelope: EventEnvelope,
  consumers: readonly string[],
  options: HandOffOptions = {},
): Promise<HandOffResult[]> {
  const logger = options.logger ?? nestEventBusLogger('events');
  const data = encodeEnvelope(envelope);
  return Promise.all(
    consumers.map(async (consumer): Promise<HandOffResult> => {
      const started = performance.now();
      const result = (outcome: HandOffResult['outcome']): HandOffResult => ({ consumer, outcome, ms: performance.now() - started });
      try {
        const msg = await nc.request(handOffSubject(consumer, options.prefix), data, { timeout: options.timeoutMs ?? HAND_OFF_TIMEOUT_MS });
        const reply = msg.json<HandOffReply>();
        if ('outcome' in reply) return result(reply.outcome);
        logger.warn(`hand-off of ${envelope.type} to ${consumer} failed; JetStream will deliver it`, { eventId: envelope.id, error: reply.error });
        return result('failed');
      } catch (err) {
        const outcome = outcomeOf(err);
        logger.warn(`hand-off of ${envelope.type} to ${consumer}: ${outcome}; JetStream will deliver it`, { eventId: envelope.id, ...errorMeta(err) });
        return result(outcome);
      }
    }),
  );
}

/** NATS answers "no responders" at once when no replica of the consumer runs. */
function outcomeOf(err: unknown): 'unreachable' | 'timeout' | 'failed' {
  if (err instanceof errors.NoRespondersError) return 'unreachable';
  if (err instanceof errors.RequestError && err.isNoResponders()) return 'unreachable';
  if (err instanceof errors.TimeoutError || (err instanceof errors.RequestError && err.cause instanceof errors.TimeoutError)) return 'timeout';
  return 'failed';
}

export interface EventHandOffConfig {
  natsUrl: string;
  /** The deployment's subject prefix ('' in production). */
  subjectPrefix: string;
}

/**
 * A service's hand-off client on its own NATS connection; Nest calls the lifecycle methods when
 * a service registers a subclass as a provider (the subclass supplies the configuration).
 */
export class EventHandOff {
  private nc?: NatsConnection;

  constructor(
    private readonly config: EventHandOffConfig,
    private readonly name: string,
    private readonly logger?: EventBusLogger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.nc = await connect({ servers: natsServers(this.config.natsUrl), name: `${this.name}-handoff` });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.drain().catch(() => undefined);
    this.nc = undefined;
  }

  /** Hands a committed event to the consumers whose reads must reflect it before the caller answers. */
  async handOff(envelope: EventEnvelope, consumers: readonly string[] | undefined): Promise<HandOffResult[]> {
    if (!this.nc || !consumers?.length) return [];
    return handOffEvent(this.nc, envelope, consumers, { prefix: this.config.subjectPrefix, logger: this.logger });
  }

  /** Hands a committed event to the consumers `HANDED_OFF_TO` (@mboa/contracts) names for its type. */
  applyNow(envelope: EventEnvelope): Promise<unknown> {
    return this.handOff(envelope, HANDED_OFF_TO[envelope.type as EventType]);
  }
}

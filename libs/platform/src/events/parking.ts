import { JetStreamApiError, RetentionPolicy, StorageType, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { DEFAULT_STREAM, type EventBusConfig, type EventEnvelope } from './envelope.js';

/**
 * Poison events (docs/services.md#poison-events-and-the-parked-stream): a consumer tries an event
 * a bounded number of times, waiting longer after each failure, then parks it on the parked stream
 * with its error and goes on with the next event. These are the defaults every consumer uses
 * unless it names its own.
 */
export const EVENT_DELIVERY = {
  /** Deliveries through JetStream before a failing event is parked (at least; see minRetryMs). */
  maxDeliveries: 8,
  /**
   * And the waits between those deliveries add up to at least this, so a consumer with quick
   * retries of its own (the search indexer's 200 ms … 30 s) still rides out an hour's outage of
   * what it writes to instead of parking everything that happened meanwhile.
   */
  minRetryMs: 3_600_000,
  /**
   * Wait before the next delivery after the n-th failure (the last value repeats): about 1 h 50 min
   * from the first failure to parking, long enough to ride out a dependency's outage or a deploy.
   */
  retryDelaysMs: [1_000, 5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as readonly number[],
} as const;

/** The wait before the delivery after the `failures`-th failure (the schedule's last value repeats). */
export function retryDelay(delays: readonly number[], failures: number): number {
  return delays[Math.min(Math.max(failures, 1) - 1, delays.length - 1)] ?? 0;
}

/**
 * Whether the `deliveryCount`-th delivery, failed, is the last: at least `maxDeliveries` of them,
 * spread over at least `minRetryMs` of waiting (ignored when the schedule never waits).
 */
export function isLastDelivery(deliveryCount: number, bound: { maxDeliveries: number; minRetryMs: number; retryDelaysMs: readonly number[] }): boolean {
  if (deliveryCount < bound.maxDeliveries) return false;
  if (retryDelay(bound.retryDelaysMs, Number.MAX_SAFE_INTEGER) <= 0) return true;
  let waited = 0;
  for (let failures = 1; failures < deliveryCount && waited < bound.minRetryMs; failures++) waited += retryDelay(bound.retryDelaysMs, failures);
  return waited >= bound.minRetryMs;
}

/** Why an event was parked. */
export type ParkReason =
  /** The handler threw on each of the bounded deliveries. */
  | 'failed'
  /** The payload does not match its contract (docs/services.md#event-contracts): parked at once. */
  | 'invalid'
  /** Not an event envelope at all (not JSON, no id or type): parked at once. */
  | 'undecodable';

/** What the parked stream keeps of one event: everything needed to look into it and replay it. */
export interface ParkedRecord {
  /** The durable consumer that could not handle it; a replay goes to it alone. */
  consumer: string;
  reason: ParkReason;
  error: { message: string; stack?: string };
  /** JetStream deliveries made (the last one failed). */
  deliveryCount: number;
  parkedAt: string;
  /** Where the event is in the event stream, and its subject. */
  streamSeq: number;
  subject: string;
  /** The envelope exactly as it was delivered (before any upgrade); absent when undecodable. */
  envelope?: EventEnvelope;
  /** The message's bytes as text when they were no envelope. */
  raw?: string;
}

/** The parked stream next to an event stream: `EVENTS_PARKED` in production, `<test stream>_PARKED` in a test. */
export function parkedStreamName(stream = DEFAULT_STREAM): string {
  return `${stream}_PARKED`;
}

/** Parked events of one consumer; outside `events.>`, so no consumer of events ever sees them. */
export function parkedSubject(consumer: string, prefix = ''): string {
  return `${prefix}events-parked.event.${consumer}`;
}

/** Operators' actions (replays and drops) on one consumer's parked events, kept as their audit trail. */
export function parkedActionSubject(consumer: string, prefix = ''): string {
  return `${prefix}events-parked.action.${consumer}`;
}

/** Where an operator's replay of a parked event reaches the running consumer (one replica, like a hand-off). */
export function replaySubject(consumer: string, prefix = ''): string {
  return `${prefix}events-replay.${consumer}`;
}

const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;
const ensured = new WeakMap<JetStreamManager, Set<string>>();

/**
 * Creates the parked stream if missing. Kept until an operator replays or drops each event (no
 * age or size limit): a parked event is a user's action waiting for a fix.
 */
export async function ensureParkedStream(jsm: JetStreamManager, config: EventBusConfig & { replicas?: number } = {}): Promise<string> {
  const name = parkedStreamName(config.stream);
  const subject = `${config.prefix ?? ''}events-parked.>`;
  const done = ensured.get(jsm) ?? new Set<string>();
  ensured.set(jsm, done);
  if (done.has(name)) return name;
  try {
    const info = await jsm.streams.info(name);
    if (!(info.config.subjects ?? []).includes(subject)) {
      await jsm.streams.update(name, { subjects: [...(info.config.subjects ?? []), subject] });
    }
  } catch (err) {
    if (!(err instanceof JetStreamApiError && err.code === STREAM_NOT_FOUND)) throw err;
    try {
      await jsm.streams.add({
        name,
        subjects: [subject],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        num_replicas: config.replicas ?? 1,
        duplicate_window: nanos(2 * 60_000),
      });
    } catch (addErr) {
      if (!(addErr instanceof JetStreamApiError && addErr.code === STREAM_NAME_IN_USE)) throw addErr;
    }
  }
  done.add(name);
  return name;
}

/**
 * Stores a parked record and waits for the stream's acknowledgement; the caller terminates the
 * event only after that, so an event is never both gone from its consumer and missing here. The
 * message id makes a second park of the same delivery (a lost term) one record.
 */
export async function storeParkedRecord(js: JetStreamClient, record: ParkedRecord, prefix = ''): Promise<number> {
  const ack = await js.publish(parkedSubject(record.consumer, prefix), JSON.stringify(record), {
    msgID: `${record.consumer}:${record.streamSeq}:${record.deliveryCount}`,
  });
  return ack.seq;
}

/** The first lines of a stack: enough to find the failing code without filling the stream. */
export function stackSummary(stack: string | undefined, lines = 8): string | undefined {
  return stack?.split('\n').slice(0, lines).join('\n');
}

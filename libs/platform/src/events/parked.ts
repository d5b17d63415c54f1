import { JetStreamApiError, jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { errors, type NatsConnection } from '@nats-io/nats-core';
import { encodeEnvelope, type EventBusConfig } from './envelope.js';
import type { HandOffReply } from './hand-off.js';
import { ensureParkedStream, parkedActionSubject, parkedStreamName, replaySubject, type ParkedRecord } from './parking.js';

/**
 * What an operator does with parked events (`npm run events -- parked …`,
 * docs/services.md#poison-events-and-the-parked-stream): list them, replay one or all to the
 * consumer that parked them once its handler is mended, or drop one. Every replay and drop is
 * recorded on the parked stream as an action, with who did it and when.
 */

/** A parked event as the operator sees it; `id` is its sequence in the parked stream. */
export interface ParkedEvent extends ParkedRecord {
  id: number;
}

export type ParkedActionKind = 'replayed' | 'replay-failed' | 'dropped';

/** The audit record of one operator action. */
export interface ParkedAction {
  action: ParkedActionKind;
  parkedId: number;
  consumer: string;
  eventId?: string;
  type?: string;
  /** Who did it (the operator's name, `--by` or the system user). */
  by: string;
  at: string;
  /** A replay's outcome at the consumer (applied, duplicate, ignored) or why it failed. */
  outcome?: string;
  error?: string;
}

export interface ParkedOptions extends EventBusConfig {
  /** How long a replay waits for the consumer to handle the event. */
  replayTimeoutMs?: number;
}

const STREAM_NOT_FOUND = 10059;
const DEFAULT_REPLAY_TIMEOUT_MS = 60_000;

/** Parked events, oldest first; of one consumer when `consumer` is given. */
export async function listParked(nc: NatsConnection, options: ParkedOptions & { consumer?: string } = {}): Promise<ParkedEvent[]> {
  const subject = `${options.prefix ?? ''}events-parked.event.${options.consumer ?? '*'}`;
  return (await readSubject<ParkedRecord>(nc, options, subject)).map(({ seq, value }) => ({ id: seq, ...value }));
}

/** The recorded replays and drops, oldest first. */
export async function listParkedActions(nc: NatsConnection, options: ParkedOptions & { consumer?: string } = {}): Promise<ParkedAction[]> {
  const subject = `${options.prefix ?? ''}events-parked.action.${options.consumer ?? '*'}`;
  return (await readSubject<ParkedAction>(nc, options, subject)).map(({ value }) => value);
}

/** One parked event, or undefined when there is none with that id (replayed or dropped already). */
export async function getParked(nc: NatsConnection, id: number, options: ParkedOptions = {}): Promise<ParkedEvent | undefined> {
  const jsm = await jetstreamManager(nc);
  const msg = await jsm.streams.getMessage(parkedStreamName(options.stream), { seq: id }).catch((err: unknown) => {
    if (err instanceof JetStreamApiError) return null; // no such message (or no parked stream yet)
    throw err;
  });
  if (!msg || !msg.subject.startsWith(`${options.prefix ?? ''}events-parked.event.`)) return undefined;
  return { id: msg.seq, ...msg.json<ParkedRecord>() };
}

export interface ReplayResult {
  id: number;
  consumer: string;
  /** applied / duplicate / ignored: the consumer is done with it and the parked record is gone. */
  outcome: 'applied' | 'duplicate' | 'ignored' | 'failed' | 'not-found';
  error?: string;
}

/**
 * Hands a parked event to the running consumer that parked it, and only to it (its replay subject,
 * one replica). The consumer checks, upgrades and handles it under its processed_events
 * de-duplication, so a replay of an event already applied (a second replay, a crash after the
 * handler committed) changes nothing. Done, the parked record is deleted; failed, it stays parked.
 * Either way the action is recorded.
 */
export async function replayParked(nc: NatsConnection, id: number, by: string, options: ParkedOptions = {}): Promise<ReplayResult> {
  const parked = await getParked(nc, id, options);
  if (!parked) return { id, consumer: '', outcome: 'not-found' };
  const result = await replayRecord(nc, parked, options);
  const jsm = await jetstreamManager(nc);
  if (result.outcome !== 'failed') await jsm.streams.deleteMessage(parkedStreamName(options.stream), id);
  await recordAction(nc, options, {
    action: result.outcome === 'failed' ? 'replay-failed' : 'replayed',
    parkedId: id,
    consumer: parked.consumer,
    eventId: parked.envelope?.id,
    type: parked.envelope?.type,
    by,
    at: new Date().toISOString(),
    outcome: result.outcome,
    ...(result.error ? { error: result.error } : {}),
  });
  return result;
}

/** Replays every parked event (of one consumer when given), oldest first, one at a time. */
export async function replayAllParked(
  nc: NatsConnection,
  by: string,
  options: ParkedOptions & { consumer?: string } = {},
): Promise<ReplayResult[]> {
  const results: ReplayResult[] = [];
  for (const parked of await listParked(nc, options)) results.push(await replayParked(nc, parked.id, by, options));
  return results;
}

/** Drops a parked event for good (its record is deleted), recording who did it. False when there was none. */
export async function dropParked(nc: NatsConnection, id: number, by: string, options: ParkedOptions = {}): Promise<boolean> {
  const parked = await getParked(nc, id, options);
  if (!parked) return false;
  const jsm = await jetstreamManager(nc);
  await jsm.streams.deleteMessage(parkedStreamName(options.stream), id);
  await recordAction(nc, options, {
    action: 'dropped',
    parkedId: id,
    consumer: parked.consumer,
    eventId: parked.envelope?.id,
    type: parked.envelope?.type,
    by,
    at: new Date().toISOString(),
  });
  return true;
}

async function replayRecord(nc: NatsConnection, parked: ParkedEvent, options: ParkedOptions): Promise<ReplayResult> {
  const base = { id: parked.id, consumer: parked.consumer };
  if (!parked.envelope) return { ...base, outcome: 'failed', error: 'not an event envelope: nothing to replay (drop it)' };
  try {
    const msg = await nc.request(replaySubject(parked.consumer, options.prefix), encodeEnvelope(parked.envelope), {
      timeout: options.replayTimeoutMs ?? DEFAULT_REPLAY_TIMEOUT_MS,
    });
    const reply = msg.json<HandOffReply>();
    if ('outcome' in reply) return { ...base, outcome: reply.outcome };
    return { ...base, outcome: 'failed', error: reply.error };
  } catch (err) {
    const unreachable = err instanceof errors.NoRespondersError || (err instanceof errors.RequestError && err.isNoResponders());
    const error = unreachable ? `consumer ${parked.consumer} is not running` : err instanceof Error ? err.message : String(err);
    return { ...base, outcome: 'failed', error };
  }
}

async function recordAction(nc: NatsConnection, options: ParkedOptions, action: ParkedAction): Promise<void> {
  await ensureParkedStream(await jetstreamManager(nc), options);
  await jetstream(nc).publish(parkedActionSubject(action.consumer, options.prefix), JSON.stringify(action));
}

/** Every message stored under `subject` in the parked stream, oldest first; none when there is no parked stream. */
async function readSubject<T>(nc: NatsConnection, options: ParkedOptions, subject: string): Promise<Array<{ seq: number; value: T }>> {
  const name = parkedStreamName(options.stream);
  if (!(await streamExists(await jetstreamManager(nc), name))) return [];
  const consumer = await jetstream(nc).consumers.get(name, { filter_subjects: subject });
  const pending = (await consumer.info()).num_pending;
  const out: Array<{ seq: number; value: T }> = [];
  if (pending === 0) return out;
  const messages = await consumer.fetch({ max_messages: pending, expires: 5_000 });
  try {
    for await (const msg of messages) {
      out.push({ seq: msg.seq, value: msg.json<T>() });
      if (out.length === pending) break;
    }
  } finally {
    await messages.close();
  }
  return out;
}

async function streamExists(jsm: JetStreamManager, name: string): Promise<boolean> {
  try {
    await jsm.streams.info(name);
    return true;
  } catch (err) {
    if (err instanceof JetStreamApiError && err.code === STREAM_NOT_FOUND) return false;
    throw err;
  }
}

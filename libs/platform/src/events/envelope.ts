import { randomUUID } from 'node:crypto';
import { checkEventPayload, currentEventVersion, readEventPayload } from '@mboa/contracts';
import { currentRequestId } from '../logging/request-context.js';
import { currentTraceparent } from '../tracing/context.js';

/** What travels on the bus: one fact, with the identity consumers de-duplicate on. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  payload: T;
  /** The request that caused the fact, for following one action across services' logs. */
  requestId?: string;
  /** The service that recorded it. */
  source?: string;
  /**
   * The payload's contract version (docs/services.md#event-contracts). Events recorded before
   * versions existed carry none and are read as version 1; types that are none of ours carry none.
   */
  version?: number;
  /**
   * The W3C trace context of the span that recorded the event (when tracing is on): a consumer's
   * span links to it, so an action and everything its events cause read as one story.
   */
  traceparent?: string;
}

export interface NewEvent<T = unknown> {
  type: string;
  payload: T;
  requestId?: string;
  source?: string;
}

/** Event metadata kept in the outbox's `headers` column. */
export interface OutboxHeaders {
  requestId?: string;
  source?: string;
  version?: number;
  traceparent?: string;
}

/** Where a deployment's events live; tests give each file its own prefix and stream. */
export interface EventBusConfig {
  /** Prepended to every subject, e.g. 't123.' in a test; '' in production. */
  prefix?: string;
  /** JetStream stream holding `${prefix}events.>`. */
  stream?: string;
}

export const DEFAULT_STREAM = 'EVENTS';

// Event types become subject tokens, so they must be plain dotted words.
const TYPE_PATTERN = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/;

export function assertEventType(type: string): void {
  if (!TYPE_PATTERN.test(type)) {
    throw new Error(`invalid event type "${type}": use dotted lower-case words, e.g. "user.banned"`);
  }
}

export function eventSubject(type: string, prefix = ''): string {
  return `${prefix}events.${type}`;
}

export function eventTypeFromSubject(subject: string, prefix = ''): string {
  const head = `${prefix}events.`;
  return subject.startsWith(head) ? subject.slice(head.length) : subject;
}

/**
 * A new event, its payload checked against its contract: a producer's bug fails the producer's own
 * transaction (an EventContractError) instead of reaching every consumer.
 */
export function newEnvelope<T>(event: NewEvent<T>): EventEnvelope<T> {
  assertEventType(event.type);
  checkEventPayload(event.type, event.payload);
  const envelope: EventEnvelope<T> = {
    id: randomUUID(),
    type: event.type,
    occurredAt: new Date().toISOString(),
    payload: event.payload,
  };
  const version = currentEventVersion(event.type);
  if (version !== undefined) envelope.version = version;
  // By default, the request being handled when the fact was recorded.
  const requestId = event.requestId ?? currentRequestId();
  if (requestId) envelope.requestId = requestId;
  if (event.source) envelope.source = event.source;
  const traceparent = currentTraceparent();
  if (traceparent) envelope.traceparent = traceparent;
  return envelope;
}

export function encodeEnvelope(envelope: EventEnvelope): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(envelope));
}

export function decodeEnvelope<T = unknown>(data: Uint8Array): EventEnvelope<T> {
  const value = JSON.parse(new TextDecoder().decode(data)) as EventEnvelope<T>;
  if (!value || typeof value.id !== 'string' || typeof value.type !== 'string') {
    throw new Error('not an event envelope');
  }
  return value;
}

/**
 * A received envelope with its payload in the current version of its contract: upgraded from the
 * version it was recorded in, then checked. Throws an EventContractError (from @mboa/contracts).
 */
export function readEnvelope<T = unknown>(envelope: EventEnvelope): EventEnvelope<T> {
  const payload = readEventPayload(envelope.type, envelope.version, envelope.payload) as T;
  const version = currentEventVersion(envelope.type);
  return { ...envelope, payload, ...(version !== undefined ? { version } : {}) };
}

import { availableParallelism } from 'node:os';
import { createObjectStore, subjectPrefixFromEnv, type ObjectStore } from '@mboa/platform';

/**
 * The media service keeps no database: its only state is the object store, and every handler is
 * idempotent by nature (content-addressed keys; deleting a missing key is fine), so the
 * `property.deleted` consumer needs no processed_events table either.
 */
export interface MediaConfig {
  natsUrl: string;
  subjectPrefix: string;
  streamName: string;
  /** Where uploads are staged (by the gateway) and variants kept: MinIO or local files. */
  store: ObjectStore;
  /**
   * Images decoded/encoded at once in this process. Each already uses up to three libuv threads
   * (one decode, then two encodes side by side), so one per core keeps a posting of 10 photos from
   * starving the other requests of a 2-core machine.
   */
  processingConcurrency: number;
  /** Whether to consume `property.deleted` here (off in tests that publish no events). */
  consumeEvents: boolean;
}

export function mediaConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  const concurrency = Number(env.MEDIA_CONCURRENCY ?? availableParallelism());
  return {
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: subjectPrefixFromEnv(env),
    streamName: env.EVENTS_STREAM ?? 'EVENTS',
    store: createObjectStore(env),
    processingConcurrency: Number.isInteger(concurrency) && concurrency > 0 ? concurrency : 1,
    consumeEvents: env.MEDIA_EVENTS !== 'off',
  };
}

export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');

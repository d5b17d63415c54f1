import { createDocumentStore, createObjectStore, loadServiceEnv, type ObjectStore, type ServiceConfig } from '@mboa/platform';

/**
 * The media service keeps no database: its only state is the object store, and every handler is
 * idempotent by nature (content-addressed keys; deleting a missing key is fine), so the
 * `property.deleted` consumer needs no processed_events table either.
 */
export interface MediaConfig extends ServiceConfig {
  /** Where uploads are staged (by the gateway) and variants kept: MinIO or local files. */
  store: ObjectStore;
  /**
   * Where photos of identity and control documents are kept: their own bucket or folder
   * (createDocumentStore), never the store /media serves.
   */
  documents: ObjectStore;
  /**
   * Images decoded/encoded at once in this process. Each already uses up to three libuv threads
   * (one decode, then two encodes side by side), so one per core keeps a posting of 10 photos from
   * starving the other requests of a 2-core machine.
   */
  processingConcurrency: number;
  /** Photos that may wait for a turn; past it a posting is refused with 429 (default LIMITS.uploads). */
  maxWaitingImages?: number;
  /** Whether to consume `property.deleted` here (off in tests that publish no events). */
  consumeEvents: boolean;
}

export function mediaConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  const { env: e, common } = loadServiceEnv('media', env);
  return {
    ...common,
    store: createObjectStore(e),
    documents: createDocumentStore(e),
    processingConcurrency: e.MEDIA_CONCURRENCY,
    consumeEvents: e.MEDIA_EVENTS,
  };
}

export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');

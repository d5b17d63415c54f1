import { JetStreamApiError, RetentionPolicy, StorageType, type JetStreamManager, type StreamConfig, type StreamUpdateConfig } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { DEFAULT_STREAM, type EventBusConfig } from './envelope.js';

const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;

/**
 * How the deployment keeps its events (EVENT_STREAM_REPLICAS, EVENT_STREAM_MAX_AGE,
 * EVENT_STREAM_MAX_BYTES): the same values in every app, or they would undo each other's updates.
 */
export interface EventStreamSettings {
  /** Servers of the NATS cluster holding a copy of every event: 1 on one server, 3 survives losing one. */
  replicas: number;
  /**
   * Events older than this are dropped; 0 keeps them. New consumers (a new projection, the search
   * index rebuilt from events) replay the stream from its start, so a shorter age costs history.
   */
  maxAgeMs: number;
  /** The stream's size cap in bytes, the oldest events dropped first; 0 for no cap. */
  maxBytes: number;
}

export const DEFAULT_STREAM_SETTINGS: EventStreamSettings = { replicas: 1, maxAgeMs: 0, maxBytes: 0 };

export interface EnsureStreamOptions extends EventBusConfig {
  /** Server-side de-duplication window for msgID; must outlast a relay restart. */
  duplicateWindowMs?: number;
  /**
   * Replicas and retention. Given, they are applied to a new stream and an existing one is brought
   * up to them; absent, a new stream gets the defaults and an existing one keeps what it has (so a
   * tool or test that does not know the deployment's settings never undoes them).
   */
  streamSettings?: EventStreamSettings;
}

const TWO_MINUTES = 2 * 60_000;

/**
 * Creates the event stream, or brings it up to date: subjects, de-duplication window, and, when
 * `streamSettings` are given, replicas (raised or lowered on a cluster), age and size limits.
 */
export async function ensureEventStream(jsm: JetStreamManager, options: EnsureStreamOptions = {}): Promise<void> {
  const name = options.stream ?? DEFAULT_STREAM;
  const subject = `${options.prefix ?? ''}events.>`;
  const duplicateWindow = nanos(Math.max(options.duplicateWindowMs ?? TWO_MINUTES, TWO_MINUTES));
  const settings = options.streamSettings;
  const wanted = limits(settings ?? DEFAULT_STREAM_SETTINGS);
  if (wanted.max_age > 0 && wanted.max_age < duplicateWindow) {
    throw new Error(`stream ${name}: events must be kept longer than the ${duplicateWindow / 60e9}-minute de-duplication window`);
  }

  const current = await streamConfig(jsm, name);
  if (!current) {
    try {
      await refusedReplicas(wanted.num_replicas, () =>
        jsm.streams.add({
          name,
          subjects: [subject],
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          duplicate_window: duplicateWindow,
          ...wanted,
        }),
      );
      return;
    } catch (err) {
      // Another service created it between our look and our add: fall through to update.
      if (!(err instanceof JetStreamApiError && err.code === STREAM_NAME_IN_USE)) throw err;
    }
  }
  const config = current ?? (await streamConfig(jsm, name));
  if (!config) throw new Error(`stream ${name} vanished while being created`);
  const update: Partial<StreamUpdateConfig> = {};
  const subjects = config.subjects ?? [];
  if (!subjects.includes(subject)) update.subjects = [...subjects, subject];
  if ((config.duplicate_window ?? 0) < duplicateWindow) update.duplicate_window = duplicateWindow;
  if (settings) {
    // The server reports "no limit" as -1 for bytes and 0 for age; compare like with like.
    if ((config.num_replicas || 1) !== wanted.num_replicas) update.num_replicas = wanted.num_replicas;
    if ((config.max_age ?? 0) !== wanted.max_age) update.max_age = wanted.max_age;
    if (Math.max(config.max_bytes ?? -1, -1) !== wanted.max_bytes) update.max_bytes = wanted.max_bytes;
  }
  if (Object.keys(update).length > 0) {
    await refusedReplicas(wanted.num_replicas, () => jsm.streams.update(name, update));
  }
}

/** The settings as JetStream's stream limits (nanoseconds; -1 for no size cap). */
function limits(settings: EventStreamSettings): { num_replicas: number; max_age: number; max_bytes: number } {
  return {
    num_replicas: settings.replicas,
    max_age: nanos(settings.maxAgeMs),
    max_bytes: settings.maxBytes > 0 ? settings.maxBytes : -1,
  };
}

/** Names the setting when the server refuses a replica count (a single server, or too few in the cluster). */
async function refusedReplicas<T>(replicas: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (replicas > 1 && err instanceof JetStreamApiError && /replica|insufficient resources|non-clustered/i.test(err.message)) {
      throw new Error(`the NATS servers refused ${replicas} stream replicas (${err.message}): EVENT_STREAM_REPLICAS must not exceed the servers of the JetStream cluster`, {
        cause: err,
      });
    }
    throw err;
  }
}

async function streamConfig(jsm: JetStreamManager, name: string): Promise<StreamConfig | undefined> {
  try {
    return (await jsm.streams.info(name)).config;
  } catch (err) {
    if (err instanceof JetStreamApiError && err.code === STREAM_NOT_FOUND) return undefined;
    throw err;
  }
}

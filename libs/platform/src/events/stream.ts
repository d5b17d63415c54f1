import { JetStreamApiError, RetentionPolicy, StorageType, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { DEFAULT_STREAM, type EventBusConfig } from './envelope.js';

const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;

export interface EnsureStreamOptions extends EventBusConfig {
  /** Server-side de-duplication window for msgID; must outlast a relay restart. */
  duplicateWindowMs?: number;
  /** How long events are kept; 0 keeps them (new consumers replay history to build projections). */
  maxAgeMs?: number;
}

const TWO_MINUTES = 2 * 60_000;

/** Creates the event stream, or brings subjects and de-duplication window up to date. */
export async function ensureEventStream(jsm: JetStreamManager, options: EnsureStreamOptions = {}): Promise<void> {
  const name = options.stream ?? DEFAULT_STREAM;
  const subject = `${options.prefix ?? ''}events.>`;
  const duplicateWindow = nanos(Math.max(options.duplicateWindowMs ?? TWO_MINUTES, TWO_MINUTES));
  const maxAge = nanos(options.maxAgeMs ?? 0);

  const current = await streamConfig(jsm, name);
  if (!current) {
    try {
      await jsm.streams.add({
        name,
        subjects: [subject],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window: duplicateWindow,
        max_age: maxAge,
      });
      return;
    } catch (err) {
      // Another service created it between our look and our add: fall through to update.
      if (!(err instanceof JetStreamApiError && err.code === STREAM_NAME_IN_USE)) throw err;
    }
  }
  const config = current ?? (await streamConfig(jsm, name));
  if (!config) throw new Error(`stream ${name} vanished while being created`);
  const subjects = config.subjects ?? [];
  const needsSubject = !subjects.includes(subject);
  const needsWindow = (config.duplicate_window ?? 0) < duplicateWindow;
  if (needsSubject || needsWindow) {
    await jsm.streams.update(name, {
      subjects: needsSubject ? [...subjects, subject] : subjects,
      duplicate_window: needsWindow ? duplicateWindow : config.duplicate_window,
    });
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

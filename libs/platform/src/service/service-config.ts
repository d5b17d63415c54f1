import type { ServiceName } from '@mboa/contracts';
import { loadAppEnv, runtimeConfig, type AppEnv, type RuntimeConfig } from '../config/apps.js';
import type { EventStreamSettings } from '../events/stream.js';

/** What every service reads the same way: where NATS is, its prefixes, how the process runs. */
export interface ServiceConfig {
  natsUrl: string;
  subjectPrefix: string;
  streamName: string;
  /** Replicas and retention of the event stream; absent (tests), an existing stream is left as it is. */
  streamSettings?: EventStreamSettings;
  /** Logging, stopping and metrics of the process; defaults when absent (tests). */
  runtime?: RuntimeConfig;
}

/** A service that owns a PostgreSQL schema, with its outbox. */
export interface DatabaseServiceConfig extends ServiceConfig {
  databaseUrl: string;
  /** PostgreSQL schema holding this service's tables. */
  dbSchema: string;
  /** Whether to run the outbox relay in this process. */
  relay: boolean;
  /** Connections of the service's Prisma client (DATABASE_POOL_SIZE); 10 when absent. */
  databasePoolSize?: number;
}

export type DatabaseServiceName = Exclude<ServiceName, 'media'>;

/**
 * Reads and checks a service's environment (a ConfigError names what is wrong) and returns the
 * settings every service shares, plus the parsed environment for the service's own ones.
 * `<SERVICE>_DATABASE_URL` overrides DATABASE_URL for that service alone.
 */
export function loadServiceEnv<A extends DatabaseServiceName>(app: A, env?: NodeJS.ProcessEnv): { env: AppEnv<A>; common: DatabaseServiceConfig };
export function loadServiceEnv(app: 'media', env?: NodeJS.ProcessEnv): { env: AppEnv<'media'>; common: ServiceConfig };
export function loadServiceEnv(app: ServiceName, env: NodeJS.ProcessEnv = process.env): { env: AppEnv<ServiceName>; common: ServiceConfig } {
  const e = loadAppEnv(app, env);
  const common: ServiceConfig = {
    natsUrl: e.NATS_URL,
    subjectPrefix: e.NATS_SUBJECT_PREFIX,
    streamName: e.EVENTS_STREAM,
    streamSettings: { replicas: e.EVENT_STREAM_REPLICAS, maxAgeMs: e.EVENT_STREAM_MAX_AGE, maxBytes: e.EVENT_STREAM_MAX_BYTES },
    runtime: runtimeConfig(e),
  };
  if (!('DATABASE_URL' in e)) return { env: e, common };
  const own = (e as Record<string, unknown>)[`${app.toUpperCase()}_DATABASE_URL`];
  const database: DatabaseServiceConfig = {
    ...common,
    databaseUrl: typeof own === 'string' ? own : e.DATABASE_URL,
    dbSchema: app,
    relay: e.OUTBOX_RELAY,
    databasePoolSize: e.DATABASE_POOL_SIZE,
  };
  return { env: e, common: database };
}

import { loadAppEnv, runtimeConfig, type RuntimeConfig } from '@mboa/platform';

export interface SupportConfig {
  databaseUrl: string;
  /** PostgreSQL schema holding this service's tables. */
  dbSchema: string;
  natsUrl: string;
  subjectPrefix: string;
  streamName: string;
  /** Whether to run the outbox relay in this process. */
  relay: boolean;
  /** Logging, stopping and metrics of the process; defaults when absent (tests). */
  runtime?: RuntimeConfig;
}

export function supportConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  const e = loadAppEnv('support', env);
  return {
    databaseUrl: e.SUPPORT_DATABASE_URL ?? e.DATABASE_URL,
    dbSchema: 'support',
    natsUrl: e.NATS_URL,
    subjectPrefix: e.NATS_SUBJECT_PREFIX,
    streamName: e.EVENTS_STREAM,
    relay: e.OUTBOX_RELAY,
    runtime: runtimeConfig(e),
  };
}

export const SUPPORT_CONFIG = Symbol('SUPPORT_CONFIG');

import { subjectPrefixFromEnv } from '@mboa/platform';

export interface SupportConfig {
  databaseUrl: string;
  /** PostgreSQL schema holding this service's tables. */
  dbSchema: string;
  natsUrl: string;
  subjectPrefix: string;
  streamName: string;
  /** Whether to run the outbox relay in this process. */
  relay: boolean;
}

export function supportConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  return {
    databaseUrl: env.SUPPORT_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mboa',
    dbSchema: 'support',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: subjectPrefixFromEnv(env),
    streamName: env.EVENTS_STREAM ?? 'EVENTS',
    relay: env.OUTBOX_RELAY !== 'off',
  };
}

export const SUPPORT_CONFIG = Symbol('SUPPORT_CONFIG');

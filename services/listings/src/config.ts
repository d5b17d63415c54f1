import { loadAppEnv, runtimeConfig, type RuntimeConfig } from '@mboa/platform';

export interface ListingsConfig {
  databaseUrl: string;
  /** PostgreSQL schema holding this service's tables. */
  dbSchema: string;
  natsUrl: string;
  subjectPrefix: string;
  streamName: string;
  /** Whether to run the outbox relay in this process. */
  relay: boolean;
  /** Whether to run the event consumers (owners projection, reviews, search indexer) in this process. */
  consumers: boolean;
  /** Search backend: Meilisearch when `meiliUrl` is set, else PostgreSQL. */
  search: { meiliUrl?: string; meiliApiKey?: string; meiliIndex?: string };
  /** How long an admin's post on behalf waits for a just-registered owner to reach the projection. */
  ownerWaitMs: number;
  /** Logging, stopping and metrics of the process; defaults when absent (tests). */
  runtime?: RuntimeConfig;
}

export function listingsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ListingsConfig {
  const e = loadAppEnv('listings', env);
  return {
    databaseUrl: e.LISTINGS_DATABASE_URL ?? e.DATABASE_URL,
    dbSchema: 'listings',
    natsUrl: e.NATS_URL,
    subjectPrefix: e.NATS_SUBJECT_PREFIX,
    streamName: e.EVENTS_STREAM,
    relay: e.OUTBOX_RELAY,
    consumers: e.LISTINGS_CONSUMERS,
    search: {
      meiliUrl: e.MEILI_URL,
      meiliApiKey: e.MEILI_API_KEY ?? e.MEILI_MASTER_KEY,
      meiliIndex: e.MEILI_INDEX,
    },
    ownerWaitMs: e.OWNER_WAIT_MS,
    runtime: runtimeConfig(e),
  };
}

export const LISTINGS_CONFIG = Symbol('LISTINGS_CONFIG');

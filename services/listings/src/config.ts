import { subjectPrefixFromEnv } from '@mboa/platform';

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
}

export function listingsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ListingsConfig {
  return {
    databaseUrl: env.LISTINGS_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mboa',
    dbSchema: 'listings',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: subjectPrefixFromEnv(env),
    streamName: env.EVENTS_STREAM ?? 'EVENTS',
    relay: env.OUTBOX_RELAY !== 'off',
    consumers: env.LISTINGS_CONSUMERS !== 'off',
    search: {
      meiliUrl: env.MEILI_URL?.trim() || undefined,
      meiliApiKey: env.MEILI_API_KEY?.trim() || env.MEILI_MASTER_KEY?.trim() || undefined,
      meiliIndex: env.MEILI_INDEX?.trim() || undefined,
    },
    ownerWaitMs: Number(env.OWNER_WAIT_MS ?? 3000),
  };
}

export const LISTINGS_CONFIG = Symbol('LISTINGS_CONFIG');

import { loadServiceEnv, type DatabaseServiceConfig } from '@mboa/platform';

export interface ListingsConfig extends DatabaseServiceConfig {
  /** Whether to run the event consumers (owners projection, reviews, search indexer) in this process. */
  consumers: boolean;
  /** Search backend: Meilisearch when `meiliUrl` is set, else PostgreSQL. */
  search: { meiliUrl?: string; meiliApiKey?: string; meiliIndex?: string };
  /** How long an admin's post on behalf waits for a just-registered owner to reach the projection. */
  ownerWaitMs: number;
}

export function listingsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ListingsConfig {
  const { env: e, common } = loadServiceEnv('listings', env);
  return {
    ...common,
    consumers: e.LISTINGS_CONSUMERS,
    search: {
      meiliUrl: e.MEILI_URL,
      meiliApiKey: e.MEILI_API_KEY ?? e.MEILI_MASTER_KEY,
      meiliIndex: e.MEILI_INDEX,
    },
    ownerWaitMs: e.OWNER_WAIT_MS,
  };
}

export const LISTINGS_CONFIG = Symbol('LISTINGS_CONFIG');

// Chooses the search backend: Meilisearch when MEILI_URL is set, else PostgreSQL (the embedded default).
import { MeiliSearchIndex } from './meili-search-index.js';
import { PostgresSearchIndex, type SqlClient } from './postgres-search-index.js';
import type { SearchIndex } from './search-index.js';

export interface SearchIndexConfig {
  /** MEILI_URL; when set, Meilisearch is used. */
  meiliUrl?: string;
  /** MEILI_MASTER_KEY / MEILI_API_KEY. */
  meiliApiKey?: string;
  /** MEILI_INDEX; default "properties". */
  meiliIndex?: string;
  /** The listings service's Prisma client, used by the PostgreSQL adapter. */
  prisma: SqlClient;
  /** PostgreSQL schema of the listings tables; default "listings". */
  schema?: string;
}

export function createSearchIndex(config: SearchIndexConfig): SearchIndex {
  if (config.meiliUrl) {
    return new MeiliSearchIndex({ url: config.meiliUrl, apiKey: config.meiliApiKey, indexUid: config.meiliIndex });
  }
  return new PostgresSearchIndex(config.prisma, { schema: config.schema });
}

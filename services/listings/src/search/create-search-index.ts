// Chooses the search backend: Meilisearch when MEILI_URL is set, else PostgreSQL (the embedded default),
// answered from each replica's memory unless SEARCH_MEMORY=off.
import { MeiliSearchIndex } from './meili-search-index.js';
import { PostgresSearchIndex, type SqlClient } from './postgres-search-index.js';
import type { SearchIndex } from './search-index.js';
import { ReplicatedSearchIndex, type SearchChange } from './replicated-search-index.js';

export interface SearchIndexConfig {
  /** MEILI_URL; when set, Meilisearch is used. */
  meiliUrl?: string;
  /** MEILI_API_KEY / MEILI_MASTER_KEY: one key for everything (development). */
  meiliApiKey?: string;
  /** MEILI_SEARCH_KEY(_FILE): search-only, for queries. */
  meiliSearchKey?: string;
  /** MEILI_INDEXER_KEY(_FILE): index-scoped, for the indexer's writes. */
  meiliIndexerKey?: string;
  /** MEILI_INDEX; default "properties". */
  meiliIndex?: string;
  /** The listings service's Prisma client, used by the PostgreSQL adapter. */
  prisma: SqlClient;
  /** PostgreSQL schema of the listings tables; default "listings". */
  schema?: string;
  /** SEARCH_MEMORY (default on): without Meilisearch, each replica answers from its own copy in memory. */
  memory?: boolean;
  /** With `memory`: told what each write changed, to tell the other replicas. */
  announce?: (change: SearchChange) => void;
}

export function createSearchIndex(config: SearchIndexConfig): SearchIndex {
  if (config.meiliUrl) {
    return new MeiliSearchIndex({
      url: config.meiliUrl,
      apiKey: config.meiliApiKey,
      searchKey: config.meiliSearchKey,
      indexerKey: config.meiliIndexerKey,
      indexUid: config.meiliIndex,
    });
  }
  const table = new PostgresSearchIndex(config.prisma, { schema: config.schema });
  return config.memory === false ? table : new ReplicatedSearchIndex(table, { announce: config.announce });
}

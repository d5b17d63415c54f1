import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { ListingsDb } from '../db.js';
import { createSearchIndex } from './create-search-index.js';
import type { SearchIndex } from './search-index.js';
import { SearchResultsCache } from './search-results-cache.js';

const WRITES = new Set(['upsert', 'remove', 'upsertMany', 'removeMany', 'clear']);

/** The index, with every write also forgetting the cached answers. */
function invalidatingWrites(index: SearchIndex, cache: SearchResultsCache): SearchIndex {
  return new Proxy(index, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || !WRITES.has(prop) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } finally {
          cache.invalidate();
        }
      };
    },
  });
}

/** The service's one search index (Meilisearch when MEILI_URL is set, else PostgreSQL). */
@Injectable()
export class SearchIndexProvider implements OnModuleInit, OnApplicationShutdown {
  readonly index: SearchIndex;
  readonly results = new SearchResultsCache();

  constructor(@Inject(LISTINGS_CONFIG) config: ListingsConfig, db: ListingsDb) {
    this.index = invalidatingWrites(createSearchIndex({ ...config.search, prisma: db, schema: config.dbSchema }), this.results);
  }

  async onModuleInit(): Promise<void> {
    await this.index.init();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.index.close();
  }
}

import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { ListingsDb } from '../db.js';
import { createSearchIndex } from './create-search-index.js';
import type { SearchIndex } from './search-index.js';

/** The service's one search index (Meilisearch when MEILI_URL is set, else PostgreSQL). */
@Injectable()
export class SearchIndexProvider implements OnModuleInit, OnApplicationShutdown {
  readonly index: SearchIndex;

  constructor(@Inject(LISTINGS_CONFIG) config: ListingsConfig, db: ListingsDb) {
    this.index = createSearchIndex({ ...config.search, prisma: db, schema: config.dbSchema });
  }

  async onModuleInit(): Promise<void> {
    await this.index.init();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.index.close();
  }
}

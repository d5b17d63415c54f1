import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '@mboa/platform';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { ListingsDb } from '../db.js';
import { createSearchIndex } from './create-search-index.js';
import type { SearchIndex } from './search-index.js';
import { SearchResultsCache } from './search-results-cache.js';


/**
 * Broadcast (plain NATS, every replica hears it) after any replica wrote to the index: the cached
 * answers of the others are stale too. Without it a replica would answer from its cache for up to
 * the cache's TTL, longer than the second within which search must reflect a change.
 */
export function searchChangedSubject(prefix: string): string {
  return `${prefix}listings.search.changed`;
}

/** The index, with every write also forgetting the cached answers. */
function invalidatingWrites(index: SearchIndex, afterWrite: () => void): SearchIndex {
  const write =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } finally {
        afterWrite();
      }
    };
  const refresh = index.wordsRefresh;
  return {
    backend: index.backend,
    wordsRefresh: refresh && {
      storedFingerprint: () => refresh.storedFingerprint(),
      storeFingerprint: (fingerprint) => refresh.storeFingerprint(fingerprint),
      rewriteMany: write((docs) => refresh.rewriteMany(docs)),
      exclusively: (work) => refresh.exclusively(work),
    },
    init: () => index.init(),
    upsert: write((doc) => index.upsert(doc)),
    remove: write((id, version) => index.remove(id, version)),
    upsertMany: write((docs) => index.upsertMany(docs)),
    removeMany: write((ids) => index.removeMany(ids)),
    search: (query) => index.search(query),
    clear: write(() => index.clear()),
    health: () => index.health(),
    close: () => index.close(),
  } satisfies SearchIndex;
}

/** The service's one search index (Meilisearch when MEILI_URL is set, else PostgreSQL). */
@Injectable()
export class SearchIndexProvider implements OnModuleInit, OnApplicationShutdown {
  readonly index: SearchIndex;
  readonly results = new SearchResultsCache();
  private nc?: NatsConnection;

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    db: ListingsDb,
  ) {
    this.index = invalidatingWrites(createSearchIndex({ ...config.search, prisma: db, schema: config.dbSchema }), () => {
      this.results.invalidate();
      this.nc?.publish(searchChangedSubject(this.config.subjectPrefix));
    });
  }

  async onModuleInit(): Promise<void> {
    await this.index.init();
    this.nc = await connect({ servers: natsServers(this.config.natsUrl), name: 'listings-search-cache' });
    this.nc.subscribe(searchChangedSubject(this.config.subjectPrefix), { callback: () => this.results.invalidate() });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.drain().catch(() => undefined);
    this.nc = undefined;
    await this.index.close();
  }
}

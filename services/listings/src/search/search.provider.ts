import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '@mboa/platform';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { ListingsDb } from '../db.js';
import { createSearchIndex } from './create-search-index.js';
import type { SearchIndex } from './search-index.js';
import { SearchResultsCache } from './search-results-cache.js';
import { ReplicatedSearchIndex, type SearchChange } from './replicated-search-index.js';
import { SEARCH_REPLICA } from './search-constants.js';

/**
 * Broadcast (plain NATS, every replica hears it) after any replica wrote to the index: the cached
 * answers of the others are stale too, and replicas answering from memory re-read what changed.
 * Without it a replica would answer from its cache for up to the cache's TTL, longer than the
 * second within which search must reflect a change.
 */
export function searchChangedSubject(prefix: string): string {
  return `${prefix}listings.search.changed`;
}

/** A broadcast's body: who wrote (a replica ignores its own) and what changed. */
interface SearchChangedMessage {
  from: string;
  change?: SearchChange;
}

const searchChangedMessage = z.object({
  from: z.string(),
  change: z.union([z.object({ ids: z.array(z.string()) }), z.object({ all: z.literal(true) })]).optional(),
});

function parseChanged(data: Uint8Array): SearchChangedMessage | null {
  try {
    const parsed = searchChangedMessage.safeParse(JSON.parse(new TextDecoder().decode(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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

/** The service's one search index (Meilisearch when MEILI_URL is set, else PostgreSQL, answered from memory). */
@Injectable()
export class SearchIndexProvider implements OnModuleInit, OnApplicationShutdown {
  readonly index: SearchIndex;
  readonly results = new SearchResultsCache();
  /** This replica's copy in memory, when searches are answered from one. */
  readonly replica: ReplicatedSearchIndex | null;
  private readonly me = randomUUID();
  private nc?: NatsConnection;
  private reconciling?: NodeJS.Timeout;

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    db: ListingsDb,
  ) {
    const base = createSearchIndex({
      ...config.search,
      prisma: db,
      schema: config.dbSchema,
      announce: (change) => this.broadcast(change),
    });
    this.replica = base instanceof ReplicatedSearchIndex ? base : null;
    // A copy in memory announces its own changes (with their ids); the other backends only say "changed".
    this.index = invalidatingWrites(base, () => {
      this.results.invalidate();
      if (!this.replica) this.broadcast(undefined);
    });
  }

  async onModuleInit(): Promise<void> {
    // Subscribed before the copy is read, so nothing written meanwhile goes unheard.
    this.nc = await connect({ servers: natsServers(this.config.natsUrl), name: 'listings-search-cache' });
    this.nc.subscribe(searchChangedSubject(this.config.subjectPrefix), {
      callback: (_err, msg) => {
        const message = parseChanged(msg.data);
        if (message?.from === this.me) return;
        if (this.replica && message?.change) {
          void this.replica.refresh(message.change).then(
            () => this.results.invalidate(),
            () => this.results.invalidate(),
          );
        } else this.results.invalidate();
      },
    });
    await this.index.init();
    if (this.replica) {
      const replica = this.replica;
      this.reconciling = setInterval(() => {
        void replica.reconcile().then(
          () => this.results.invalidate(),
          () => undefined,
        );
      }, SEARCH_REPLICA.reconcileMs);
      this.reconciling.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.reconciling);
    await this.nc?.drain().catch(() => undefined);
    this.nc = undefined;
    await this.index.close();
  }

  private broadcast(change: SearchChange | undefined): void {
    const message: SearchChangedMessage = { from: this.me, ...(change ? { change } : {}) };
    this.nc?.publish(searchChangedSubject(this.config.subjectPrefix), JSON.stringify(message));
  }
}

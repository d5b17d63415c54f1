import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsServers } from '@mboa/platform';
import { PUBLIC_LISTINGS_CHANGED, publicListingsChangedSchema, type PublicListingsChanged } from '@mboa/contracts';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { ListingsDb } from '../db.js';
import { createSearchIndex } from './create-search-index.js';
import type { SearchIndex } from './search-index.js';
import type { SearchDocument } from './search-document.js';
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
  return `${prefix}${PUBLIC_LISTINGS_CHANGED}`;
}

type SearchChangedMessage = PublicListingsChanged;

/** What a listener hears: listings (by id, or all of them) or owners whose cards changed. */
export interface PublicChange {
  ids?: readonly string[];
  all?: boolean;
  owners?: readonly string[];
}

function parseChanged(data: Uint8Array): SearchChangedMessage | null {
  try {
    const parsed = publicListingsChangedSchema.safeParse(JSON.parse(new TextDecoder().decode(data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The index, with every write also telling `afterWrite` what it changed. */
function announcingWrites(index: SearchIndex, afterWrite: (change: SearchChange) => void): SearchIndex {
  const write =
    <A extends unknown[], R>(changed: (...args: A) => SearchChange, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } finally {
        afterWrite(changed(...args));
      }
    };
  const refresh = index.wordsRefresh;
  const ofDocs = (docs: readonly SearchDocument[]): SearchChange => ({ ids: docs.map((d) => d.id) });
  return {
    backend: index.backend,
    wordsRefresh: refresh && {
      storedFingerprint: () => refresh.storedFingerprint(),
      storeFingerprint: (fingerprint) => refresh.storeFingerprint(fingerprint),
      rewriteMany: write(ofDocs, (docs) => refresh.rewriteMany(docs)),
      exclusively: (work) => refresh.exclusively(work),
    },
    init: () => index.init(),
    upsert: write((doc) => ({ ids: [doc.id] }), (doc) => index.upsert(doc)),
    remove: write((id: string, _version?: number) => ({ ids: [id] }), (id, version) => index.remove(id, version)),
    upsertMany: write(ofDocs, (docs) => index.upsertMany(docs)),
    removeMany: write((ids) => ({ ids: [...ids] }), (ids) => index.removeMany(ids)),
    search: (query) => index.search(query),
    points: (query, cap) => index.points(query, cap),
    clear: write(() => ({ all: true }), () => index.clear()),
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
  private readonly listeners: Array<(change: PublicChange) => void> = [];
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
      // Told once this replica's copy holds the change.
      announce: (change) => this.changed(change),
    });
    this.replica = base instanceof ReplicatedSearchIndex ? base : null;
    // A copy in memory announces its own changes; for the other backends every write does.
    this.index = announcingWrites(base, (change) => {
      if (this.replica) this.results.invalidate();
      else this.changed(change);
    });
  }

  /** Hears every change to what the public sees, this replica's and the others'. */
  onChange(listener: (change: PublicChange) => void): void {
    this.listeners.push(listener);
  }

  /** The owners projection changed these owners (name, number, checks): their cards are stale everywhere. */
  ownersChanged(ownerIds: readonly string[]): void {
    this.tell({ owners: ownerIds });
    this.broadcast({ owners: [...ownerIds] });
  }

  async onModuleInit(): Promise<void> {
    // Subscribed before the copy is read, so nothing written meanwhile goes unheard.
    this.nc = await connect({ servers: natsServers(this.config.natsUrl), name: 'listings-search-cache' });
    this.nc.subscribe(searchChangedSubject(this.config.subjectPrefix), {
      callback: (_err, msg) => {
        const message = parseChanged(msg.data);
        if (message?.from === this.me) return;
        const change = message?.change;
        if (message?.owners) this.tell({ owners: message.owners });
        if (!change) {
          if (!message?.owners) this.tell({ all: true });
          return;
        }
        const heard = () => this.tell(change);
        if (this.replica) void this.replica.refresh(change).then(heard, heard);
        else heard();
      },
    });
    await this.index.init();
    if (this.replica) {
      const replica = this.replica;
      this.reconciling = setInterval(() => {
        void replica.reconcile().then(
          (caughtUp) => caughtUp && this.tell({ all: true }),
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

  /** This replica changed what the public sees: its listeners, then every other replica. */
  private changed(change: SearchChange): void {
    this.tell(change);
    this.broadcast({ change });
  }

  private tell(change: PublicChange): void {
    this.results.invalidate();
    for (const listener of this.listeners) listener(change);
  }

  private broadcast(body: Omit<SearchChangedMessage, 'from'>): void {
    const message: SearchChangedMessage = { from: this.me, ...body };
    this.nc?.publish(searchChangedSubject(this.config.subjectPrefix), JSON.stringify(message));
  }
}

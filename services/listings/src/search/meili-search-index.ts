// The search port on Meilisearch (chosen when MEILI_URL is set).
//
// Order-safety: Meilisearch has no conditional write, so each write reads the stored version first
// (read-then-write) and skips a document that is not newer. A removal with a version replaces the
// document by a tombstone `{ id, version, removed: true }` that every search filters out
// (`removed = false`), so a late, older upsert still sees the newer version and is ignored. The
// read and the write are two requests: this is safe because the indexer applies the events of one
// property one at a time (JetStream redelivers, it does not reorder within a handler), and a
// reindex run only ever writes what it read from the database.
import { Meilisearch, type Index, type EnqueuedTaskPromise, MeilisearchApiError } from 'meilisearch';
import type { SearchDocument } from './search-document.js';
import type { SearchHealth, SearchIndex, SearchMapPoints, SearchQuery, SearchResult } from './search-index.js';
import { normalizeSearchQuery, totalPagesFor, withDistances } from './search-index.js';
import {
  buildMeiliFilter,
  buildMeiliSearchParams,
  fromMeiliHit,
  MEILI_MAX_TOTAL_HITS,
  MEILI_SETTINGS,
  toMeiliDocument,
  type MeiliDocument,
  type MeiliTombstone,
} from './meili-settings.js';
import { SEARCH_BATCH_SIZE } from './search-constants.js';

export interface MeiliSearchIndexOptions {
  url: string;
  /** One key for queries and writes alike (development); the two keys below take precedence. */
  apiKey?: string;
  /** A search-only key (actions ['search'] on this index): every query uses it. */
  searchKey?: string;
  /** An index-scoped key for documents, settings, the index itself and its tasks: every write uses it. */
  indexerKey?: string;
  /** Index uid; default "properties". */
  indexUid?: string;
  /** How long to wait for a write to be applied (ms); default 30 s. */
  taskTimeoutMs?: number;
}

type Stored = MeiliDocument | MeiliTombstone;

// No `wordsRefresh`: the words fingerprint would need a second index or a settings entry kept in
// step with this one, and the rewrite a read-then-write per batch like upsertMany; until then, run
// `npm run search:reindex` after a words change when MEILI_URL is set.
export class MeiliSearchIndex implements SearchIndex {
  readonly backend = 'meilisearch' as const;
  /** The indexer's client: creates the index, writes, reads stored versions, waits for tasks. */
  private readonly client: Meilisearch;
  private readonly index: Index<Stored>;
  /** Queries only: with a search-only key, a leaked query path can read the index and nothing more. */
  private readonly searchIndex: Index<Stored>;
  private readonly uid: string;
  private readonly timeout: number;

  constructor(options: MeiliSearchIndexOptions) {
    this.client = new Meilisearch({ host: options.url, apiKey: options.indexerKey ?? options.apiKey });
    this.uid = options.indexUid ?? 'properties';
    this.index = this.client.index<Stored>(this.uid);
    this.searchIndex = new Meilisearch({ host: options.url, apiKey: options.searchKey ?? options.apiKey }).index<Stored>(this.uid);
    this.timeout = options.taskTimeoutMs ?? 30_000;
  }

  async init(): Promise<void> {
    try {
      await this.client.getRawIndex(this.uid);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      await this.done(this.client.createIndex(this.uid, { primaryKey: 'id' }));
    }
    await this.done(this.index.updateSettings(MEILI_SETTINGS));
  }

  /** Deletes the whole index (tests). */
  async drop(): Promise<void> {
    await this.client.deleteIndexIfExists(this.uid);
  }

  async upsert(doc: SearchDocument): Promise<boolean> {
    const stored = await this.storedVersion(doc.id);
    if (stored !== null && stored >= doc.version) return false;
    await this.done(this.index.addDocuments([toMeiliDocument(doc)], { primaryKey: 'id' }));
    return true;
  }

  async upsertMany(docs: readonly SearchDocument[]): Promise<number> {
    let stored = 0;
    const newest = new Map<string, SearchDocument>();
    for (const d of docs) if ((newest.get(d.id)?.version ?? -Infinity) < d.version) newest.set(d.id, d);
    const unique = [...newest.values()];
    for (let i = 0; i < unique.length; i += SEARCH_BATCH_SIZE) {
      const batch = unique.slice(i, i + SEARCH_BATCH_SIZE);
      const versions = await this.storedVersions(batch.map((d) => d.id));
      const fresh = batch.filter((d) => (versions.get(d.id) ?? -Infinity) < d.version);
      if (fresh.length === 0) continue;
      await this.done(this.index.addDocuments(fresh.map(toMeiliDocument), { primaryKey: 'id' }));
      stored += fresh.length;
    }
    return stored;
  }

  async remove(id: string, version?: number): Promise<boolean> {
    if (version === undefined) {
      const existed = (await this.storedDocument(id)) !== null;
      await this.done(this.index.deleteDocument(id));
      return existed;
    }
    const stored = await this.storedDocument(id);
    if (stored !== null && stored.version > version) return false;
    const tombstone: MeiliTombstone = { id, version, removed: true };
    await this.done(this.index.addDocuments([tombstone], { primaryKey: 'id' }));
    return stored !== null && !stored.removed;
  }

  async removeMany(ids: readonly string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += SEARCH_BATCH_SIZE) {
      await this.done(this.index.deleteDocuments([...ids.slice(i, i + SEARCH_BATCH_SIZE)]));
    }
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    const q = normalizeSearchQuery(query);
    const { q: text, ...params } = buildMeiliSearchParams(q);
    const res = await this.searchIndex.search<MeiliDocument & { _rankingScore?: number }, typeof params>(text, params);
    const total = res.totalHits ?? 0;
    return {
      hits: withDistances(res.hits.map(fromMeiliHit), q.near),
      total,
      // hitsPerPage/page searches get Meilisearch's exhaustive totalHits, which stop at maxTotalHits.
      totalIsLowerBound: total >= MEILI_MAX_TOTAL_HITS,
      page: q.page,
      limit: q.limit,
      totalPages: totalPagesFor(total, q.limit),
    };
  }

  /** The map: the box's matches newest first, at most `cap` (capped by maxTotalHits), counted by Meilisearch. */
  async points(query: SearchQuery, cap: number): Promise<SearchMapPoints> {
    const q = normalizeSearchQuery(query);
    if (!q.box) return { points: [], total: 0 };
    const { q: text } = buildMeiliSearchParams(q);
    const limit = Math.max(0, Math.floor(cap));
    const res = await this.searchIndex.search<MeiliDocument, { filter: string[]; sort: string[]; page: number; hitsPerPage: number; attributesToRetrieve: string[]; matchingStrategy: 'all' }>(text, {
      filter: buildMeiliFilter(q),
      sort: ['createdAt:desc'],
      // page/hitsPerPage: an exhaustive totalHits, not an estimate.
      page: 1,
      hitsPerPage: limit,
      attributesToRetrieve: ['id', '_geo', 'price', 'paymentTerm'],
      matchingStrategy: 'all',
    });
    return {
      points: res.hits
        .filter((h) => h._geo)
        .map((h) => ({ id: String(h.id), lat: Number(h._geo!.lat), lng: Number(h._geo!.lng), price: Number(h.price), paymentTerm: String(h.paymentTerm) })),
      total: res.totalHits ?? res.hits.length,
    };
  }

  async clear(): Promise<void> {
    await this.done(this.index.deleteAllDocuments());
  }

  async health(): Promise<SearchHealth> {
    try {
      const h = await this.client.health();
      return { ok: h.status === 'available', backend: this.backend };
    } catch (e) {
      return { ok: false, backend: this.backend, error: (e as Error).message };
    }
  }

  async close(): Promise<void> {}

  private async done(task: EnqueuedTaskPromise): Promise<void> {
    const result = await task.waitTask({ timeout: this.timeout });
    if (result.status !== 'succeeded') {
      throw new Error(`Meilisearch task ${result.type} ${result.status}: ${result.error?.message ?? 'no detail'}`);
    }
  }

  private async storedDocument(id: string): Promise<{ version: number; removed: boolean } | null> {
    try {
      const doc = await this.index.getDocument(id, { fields: ['version', 'removed'] });
      return { version: Number(doc.version), removed: Boolean(doc.removed) };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  private async storedVersion(id: string): Promise<number | null> {
    return (await this.storedDocument(id))?.version ?? null;
  }

  private async storedVersions(ids: string[]): Promise<Map<string, number>> {
    const res = await this.index.getDocuments({ ids, fields: ['id', 'version'], limit: ids.length });
    return new Map(res.results.map((d) => [String(d.id), Number(d.version)]));
  }
}

function isNotFound(e: unknown): boolean {
  return e instanceof MeilisearchApiError && e.response?.status === 404;
}

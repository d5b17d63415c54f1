// The embedded default's search: PostgreSQL's search_documents stays the index every write goes to
// (versions, removals, durability), and each listings replica answers searches from its own copy in
// memory (memory-search-index.ts), so a search costs no statement and no connection.
//
// How a copy stays true:
// - at start it is read whole from search_documents (searches go to PostgreSQL until it is ready);
// - the replica that writes re-reads the written ids into its copy before the write returns, then
//   announces them (`announce`; search.provider.ts broadcasts them on NATS to every replica);
// - a replica that hears an announcement re-reads those ids (`refresh`);
// - in case an announcement is lost (NATS reconnecting), `reconcile` compares the copy with the
//   table's count and last write time now and then, re-reads what was written since, and reads
//   everything again if the counts still differ.
// Re-reads run one at a time, in the order asked, so an older read never lands after a newer one.
import type { SearchDocument } from './search-document.js';
import type { SearchHealth, SearchIndex, SearchMapPoints, SearchQuery, SearchResult, SearchWordsRefreshPort } from './search-index.js';
import { MemorySearchIndex } from './memory-search-index.js';
import type { PostgresSearchIndex } from './postgres-search-index.js';

/** What changed in the index: these ids, or everything (a rebuild, a clear). */
export type SearchChange = { ids: string[] } | { all: true };

/** Past this many ids an announcement says "everything" instead (a replica then reads the table again). */
const ANNOUNCE_IDS_UP_TO = 1_000;

export interface ReplicatedSearchIndexOptions {
  /** Called after each write, with what changed (this replica's copy already holds it). */
  announce?: (change: SearchChange) => void;
}

export class ReplicatedSearchIndex implements SearchIndex {
  readonly backend = 'memory' as const;
  readonly wordsRefresh?: SearchWordsRefreshPort;
  private copy: MemorySearchIndex | null = null;
  private lastIndexedAt: Date | null = null;
  /** Re-reads, one after the other. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly table: PostgresSearchIndex,
    private readonly options: ReplicatedSearchIndexOptions = {},
  ) {
    const refresh = table.wordsRefresh;
    this.wordsRefresh = {
      storedFingerprint: () => refresh.storedFingerprint(),
      storeFingerprint: (fingerprint) => refresh.storeFingerprint(fingerprint),
      rewriteMany: async (docs) => {
        const n = await refresh.rewriteMany(docs);
        await this.changed(docs.map((d) => d.id));
        return n;
      },
      exclusively: (work) => refresh.exclusively(work),
    };
  }

  /** Whether searches are answered from memory yet. */
  get ready(): boolean {
    return this.copy !== null;
  }

  /** This replica's copy, once ready (read-only uses: MemorySearchIndex.pricesOf). */
  get memory(): MemorySearchIndex | null {
    return this.copy;
  }

  /** Documents in this replica's copy (0 until it is ready). */
  get size(): number {
    return this.copy?.size ?? 0;
  }

  async init(): Promise<void> {
    await this.table.init();
    await this.reload();
  }

  async upsert(doc: SearchDocument): Promise<boolean> {
    const stored = await this.table.upsert(doc);
    await this.changed([doc.id]);
    return stored;
  }

  async remove(id: string, version?: number): Promise<boolean> {
    const removed = await this.table.remove(id, version);
    await this.changed([id]);
    return removed;
  }

  async upsertMany(docs: readonly SearchDocument[]): Promise<number> {
    const stored = await this.table.upsertMany(docs);
    await this.changed(docs.map((d) => d.id));
    return stored;
  }

  async removeMany(ids: readonly string[]): Promise<void> {
    await this.table.removeMany(ids);
    await this.changed([...ids]);
  }

  async clear(): Promise<void> {
    await this.table.clear();
    await this.changed(null);
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    return this.copy ? this.copy.searchNow(query) : this.table.search(query);
  }

  async points(query: SearchQuery, cap: number): Promise<SearchMapPoints> {
    return this.copy ? this.copy.pointsNow(query, cap) : this.table.points(query, cap);
  }

  async health(): Promise<SearchHealth> {
    const table = await this.table.health();
    return table.ok ? { ok: true, backend: this.backend } : { ...table, backend: this.backend };
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    await this.table.close();
  }

  /** Another replica wrote: re-read what it announced. */
  refresh(change: SearchChange): Promise<void> {
    return 'all' in change ? this.reload() : this.reread(change.ids);
  }

  /**
   * Catches up with writes whose announcement never came: what was written since the last one
   * seen is re-read, and if the counts still differ (a removal was missed) the whole table.
   */
  /** Resolves true when something was missed (and is now caught up). */
  reconcile(): Promise<boolean> {
    return this.serially(async () => {
      if (!this.copy) return false;
      const mark = await this.table.watermark();
      let missed = false;
      if (mark.lastIndexedAt && (!this.lastIndexedAt || mark.lastIndexedAt > this.lastIndexedAt)) {
        // Mostly writes already announced and applied; only a document this copy did not hold counts.
        missed = (await this.readInto(this.copy, await this.table.idsIndexedSince(this.lastIndexedAt ?? new Date(0)))) > 0;
        this.lastIndexedAt = mark.lastIndexedAt;
      }
      if (mark.count !== this.copy.size) {
        await this.readAll();
        missed = true;
      }
      return missed;
    });
  }

  /** Reads the whole table into a new copy, then answers from it. */
  reload(): Promise<void> {
    return this.serially(() => this.readAll());
  }

  private async changed(ids: string[] | null): Promise<void> {
    if (ids === null || ids.length > ANNOUNCE_IDS_UP_TO) {
      await this.reload();
      this.options.announce?.({ all: true });
      return;
    }
    await this.reread(ids);
    this.options.announce?.({ ids });
  }

  private reread(ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    return this.serially(async () => {
      if (this.copy) await this.readInto(this.copy, unique);
    });
  }

  /** Puts the table's documents of these ids in the copy; returns how many differed from what it held. */
  private async readInto(copy: MemorySearchIndex, ids: readonly string[]): Promise<number> {
    const docs = new Map((await this.table.documents(ids)).map((d) => [d.id, d]));
    let differed = 0;
    for (const id of ids) {
      const doc = docs.get(id) ?? null;
      if (copy.versionOf(id) !== doc?.version) differed++;
      copy.put(id, doc);
    }
    return differed;
  }

  private async readAll(): Promise<void> {
    // The watermark first: anything written while the table is read is newer and re-read later.
    const mark = await this.table.watermark();
    const copy = new MemorySearchIndex();
    for await (const docs of this.table.allDocuments()) copy.storeMany(docs);
    copy.searchNow({}); // sorts the orders now rather than in the first search
    this.copy = copy;
    this.lastIndexedAt = mark.lastIndexedAt;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

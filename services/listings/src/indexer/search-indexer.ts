import { Injectable } from '@nestjs/common';
import { isUuid } from '@mboa/contracts';
import { ListingsDb } from '../db.js';
import { SearchIndexProvider } from '../search/search.provider.js';
import { isPubliclyVisible } from '../rules/visibility.js';
import { buildSearchDocument, type SearchDocument } from '../search/search-document.js';
import { searchWordsFingerprint } from '../search/search-fingerprint.js';

const BATCH = 500;

/**
 * Keeps the search index in step with the database: reloads a property and stores or removes its
 * document. Reloading (never trusting an event's copy) plus the property version on every document
 * makes it idempotent and order-safe: a late or repeated event at worst rewrites the current state,
 * and an older version never replaces a newer one.
 */
/** A search document (card thumbnail, photo count) knows only the photos the public sees (rules/photo-review). */
const PUBLIC_PHOTOS = { images: { where: { heldForReview: false } } };

@Injectable()
export class SearchIndexer {
  constructor(
    private readonly db: ListingsDb,
    private readonly search: SearchIndexProvider,
  ) {}

  async reindexProperty(id: string): Promise<'upserted' | 'removed'> {
    if (!isUuid(id)) return 'removed';
    const property = await this.db.property.findUnique({ where: { id }, include: PUBLIC_PHOTOS });
    if (!property) {
      await this.search.index.remove(id);
      return 'removed';
    }
    const owner = await this.db.owner.findUnique({ where: { id: property.ownerId } });
    if (isPubliclyVisible(property, owner)) {
      await this.search.index.upsert(buildSearchDocument(property));
      return 'upserted';
    }
    await this.search.index.remove(id, property.version);
    return 'removed';
  }

  async reindexOwner(ownerId: string): Promise<number> {
    if (!isUuid(ownerId)) return 0;
    const ids = await this.db.property.findMany({ where: { ownerId }, select: { id: true } });
    for (const { id } of ids) await this.reindexProperty(id);
    return ids.length;
  }

  /** Rebuilds the whole index from the database (`npm run search:reindex`). */
  async rebuild(progress: (done: number, total: number, indexed: number) => void = () => {}): Promise<{ total: number; indexed: number }> {
    await this.search.index.clear();
    const total = await this.db.property.count();
    let done = 0;
    let indexed = 0;
    for await (const batch of this.visibleDocuments()) {
      indexed += await this.search.index.upsertMany(batch.docs);
      done += batch.read;
      progress(done, total, indexed);
    }
    // Written with the current words: a start-up words refresh has nothing to do.
    await this.search.index.wordsRefresh?.storeFingerprint(searchWordsFingerprint());
    return { total, indexed };
  }

  /** Every property in id order, in batches: how many were read and the documents of the visible ones. */
  async *visibleDocuments(): AsyncGenerator<{ read: number; docs: SearchDocument[] }> {
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.db.property.findMany({
        take: BATCH,
        ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
        orderBy: { id: 'asc' },
        include: PUBLIC_PHOTOS,
      });
      if (rows.length === 0) return;
      const owners = new Map(
        (await this.db.owner.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.ownerId))] } } })).map((o) => [o.id, o]),
      );
      yield { read: rows.length, docs: rows.filter((p) => isPubliclyVisible(p, owners.get(p.ownerId) ?? null)).map(buildSearchDocument) };
      cursor = rows[rows.length - 1].id;
    }
  }
}

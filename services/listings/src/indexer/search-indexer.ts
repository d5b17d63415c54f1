import { Injectable } from '@nestjs/common';
import { isUuid } from '@mboa/contracts';
import { ListingsDb } from '../db.js';
import { SearchIndexProvider } from '../search/search.provider.js';
import { isPubliclyVisible } from '../rules/visibility.js';
import { buildSearchDocument } from '../search/search-document.js';

const BATCH = 500;

/**
 * Keeps the search index in step with the database: reloads a property and stores or removes its
 * document. Reloading (never trusting an event's copy) plus the property version on every document
 * makes it idempotent and order-safe: a late or repeated event at worst rewrites the current state,
 * and an older version never replaces a newer one.
 */
@Injectable()
export class SearchIndexer {
  constructor(
    private readonly db: ListingsDb,
    private readonly search: SearchIndexProvider,
  ) {}

  async reindexProperty(id: string): Promise<'upserted' | 'removed'> {
    if (!isUuid(id)) return 'removed';
    const property = await this.db.property.findUnique({ where: { id }, include: { images: true } });
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
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.db.property.findMany({
        take: BATCH,
        ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
        orderBy: { id: 'asc' },
        include: { images: true },
      });
      if (rows.length === 0) break;
      const owners = new Map(
        (await this.db.owner.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.ownerId))] } } })).map((o) => [o.id, o]),
      );
      const docs = rows.filter((p) => isPubliclyVisible(p, owners.get(p.ownerId) ?? null)).map(buildSearchDocument);
      indexed += await this.search.index.upsertMany(docs);
      done += rows.length;
      cursor = rows[rows.length - 1].id;
      progress(done, total, indexed);
    }
    return { total, indexed };
  }
}

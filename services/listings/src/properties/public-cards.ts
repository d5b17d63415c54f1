import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { PropertyRead } from '@mboa/contracts';
import { LRUCache } from 'lru-cache';
import { isPubliclyVisible } from '../rules/visibility.js';
import { SearchIndexProvider } from '../search/search.provider.js';
import { PUBLIC_CARDS } from '../search/search-constants.js';
import { PropertyReader } from './property-reader.js';
import { toPropertyRead } from './property-view.js';

/**
 * Search cards as the public sees them, kept in this replica's memory: a search page is the index's
 * ids turned into cards, and reading 12 rows with their photos and owner for every search was most
 * of what a search cost once the index answered from memory. A card is forgotten the moment its
 * listing or its owner is announced as changed (search.provider.ts: this replica's writes and every
 * other replica's), and after PUBLIC_CARDS.ttlMs whatever happened.
 */
@Injectable()
export class PublicCards implements OnModuleInit {
  private readonly cards = new LRUCache<string, PropertyRead>({ max: PUBLIC_CARDS.max, ttl: PUBLIC_CARDS.ttlMs });
  /** Bumped by every change: a card read before a change is not kept after it. */
  private generation = 0;

  constructor(
    private readonly reader: PropertyReader,
    private readonly search: SearchIndexProvider,
  ) {}

  onModuleInit(): void {
    this.search.onChange((change) => this.forget(change));
  }

  /** The public cards of these ids, in their order; an id the public may not see (any more) is left out. */
  async of(ids: readonly string[]): Promise<PropertyRead[]> {
    const missing = ids.filter((id) => !this.cards.has(id));
    const read = new Map<string, PropertyRead>();
    if (missing.length > 0) {
      const generation = this.generation;
      const loaded = await this.reader.loadWithOwners(missing);
      for (const id of missing) {
        const found = loaded.get(id);
        if (!found || !isPubliclyVisible(found.property, found.owner)) continue;
        const card = toPropertyRead(found.property, found.owner);
        read.set(id, card);
        if (generation === this.generation) this.cards.set(id, card);
      }
    }
    const cards: PropertyRead[] = [];
    for (const id of ids) {
      const card = read.get(id) ?? this.cards.get(id);
      if (card) cards.push(card);
    }
    return cards;
  }

  private forget(change: { ids?: readonly string[]; owners?: readonly string[]; all?: boolean }): void {
    this.generation++;
    if (change.all) {
      this.cards.clear();
      return;
    }
    for (const id of change.ids ?? []) this.cards.delete(id);
    if (change.owners?.length) {
      const owners = new Set(change.owners);
      for (const [id, card] of this.cards.entries()) if (owners.has(card.author._id)) this.cards.delete(id);
    }
  }
}

import { Injectable } from '@nestjs/common';
import {
  AMENITIES,
  isUuid,
  listMeta,
  PROPERTY_TYPES,
  totalPagesOf,
  type Actor,
  type AdminPropertyListResponse,
  type ListingsStatsReply,
  type MyListingsFetchResponse,
  type PropertyRead,
  type PropertyStatus,
  type SearchQuery,
  type SearchResponse,
} from '@mboa/contracts';
import type { Prisma } from '../generated/prisma/client.js';
import { ListingsDb } from '../db.js';
import { OwnersService } from '../owners/owners.service.js';
import { SearchIndexProvider } from '../search/search.provider.js';
import { canSee, isPubliclyVisible } from '../rules/visibility.js';
import { valuesNamedBy } from '../search/search-labels.js';
import { PropertyReader, propertyNotFound } from './property-reader.js';

/**
 * The admin list's text filter: the title contains the text, or the text names the property's type
 * or one of its amenities in English or French ('appartement', 'Électricité', 'clim').
 */
function adminTextFilter(search: string): Prisma.PropertyWhereInput[] {
  const types = valuesNamedBy('propertyType', PROPERTY_TYPES, search);
  const amenities = valuesNamedBy('amenity', AMENITIES, search);
  return [
    { title: { contains: search, mode: 'insensitive' } },
    ...(types.length ? [{ propertyType: { in: types } }] : []),
    ...(amenities.length ? [{ amenities: { hasSome: amenities } }] : []),
  ];
}
import { toPropertyRead } from './property-view.js';

const withImages = { images: { orderBy: { position: 'asc' as const } } };
const newestFirst: Prisma.PropertyOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

@Injectable()
export class PropertyQueriesService {
  constructor(
    private readonly db: ListingsDb,
    private readonly reader: PropertyReader,
    private readonly owners: OwnersService,
    private readonly search: SearchIndexProvider,
  ) {}

  /** One property as `actor` (or the public) may see it; 404 `Property not found` otherwise. */
  async get(id: unknown, actor?: Actor | null): Promise<PropertyRead> {
    if (!isUuid(id)) throw propertyNotFound();
    const found = (await this.reader.loadWithOwners([id])).get(id);
    if (!found || !canSee(found.property, found.owner, actor)) throw propertyNotFound();
    return toPropertyRead(found.property, found.owner);
  }

  /** Any live property, for the admin review screen. */
  async adminGet(id: unknown): Promise<PropertyRead> {
    const property = await this.reader.load(id);
    if (!property) throw propertyNotFound();
    return this.reader.read(property, { contactCount: (await this.reader.contactCounts([property.id])).get(property.id) ?? 0 });
  }

  /**
   * The search port answers ids in order; the rows come from the database, so a card always shows
   * the current author and nothing the index still holds by a moment's lag is shown against the rules.
   */
  async searchProperties(query: SearchQuery): Promise<SearchResponse> {
    const key = JSON.stringify(query, Object.keys(query).sort());
    const cached = this.search.results.get(key);
    if (cached) return cached;
    const generation = this.search.results.current();
    const answer = await this.computeSearch(query);
    this.search.results.set(key, answer, generation);
    return answer;
  }

  private async computeSearch(query: SearchQuery): Promise<SearchResponse> {
    const result = await this.search.index.search(query);
    const ids = result.hits.map((h) => h.id);
    const loaded = await this.reader.loadWithOwners(ids);
    const properties: PropertyRead[] = [];
    for (const id of ids) {
      const found = loaded.get(id);
      if (found && isPubliclyVisible(found.property, found.owner)) properties.push(toPropertyRead(found.property, found.owner));
    }
    return {
      properties,
      total: result.total,
      totalIsLowerBound: result.totalIsLowerBound,
      page: result.page,
      totalPages: totalPagesOf(result.total, result.limit),
    };
  }

  async myListings(actor: Actor, query: { page: number; limit: number; status?: PropertyStatus }): Promise<MyListingsFetchResponse> {
    const where: Prisma.PropertyWhereInput = { ownerId: actor.userId, deletedAt: null, ...(query.status ? { status: query.status } : {}) };
    const [total, rows] = await this.db.$transaction([
      this.db.property.count({ where }),
      this.db.property.findMany({ where, include: withImages, orderBy: newestFirst, skip: (query.page - 1) * query.limit, take: query.limit }),
    ]);
    const counts = await this.reader.contactCounts(rows.map((r) => r.id));
    return { data: await this.reader.readMany(rows, counts), meta: listMeta(total, query.page, query.limit) };
  }

  async adminList(query: { page: number; limit: number; status?: PropertyStatus; search?: string }): Promise<AdminPropertyListResponse> {
    const where: Prisma.PropertyWhereInput = {
      deletedAt: null,
      ...(query.status ? { status: query.status } : {}),
      ...(query.search ? { OR: adminTextFilter(query.search) } : {}),
    };
    const [total, rows] = await this.db.$transaction([
      this.db.property.count({ where }),
      this.db.property.findMany({ where, include: withImages, orderBy: newestFirst, skip: (query.page - 1) * query.limit, take: query.limit }),
    ]);
    const counts = await this.reader.contactCounts(rows.map((r) => r.id));
    return { properties: await this.reader.readMany(rows, counts), total, page: query.page, totalPages: totalPagesOf(total, query.limit) };
  }

  /** Every live property of the owner, in any state (the profile's Total Properties). */
  async countOf(userId: string): Promise<number> {
    return this.db.property.count({ where: { ownerId: userId, deletedAt: null } });
  }

  async stats(latest = 5): Promise<ListingsStatsReply> {
    const [total, rows] = await this.db.$transaction([
      this.db.property.count({ where: { deletedAt: null } }),
      this.db.property.findMany({ where: { deletedAt: null }, include: withImages, orderBy: newestFirst, take: latest }),
    ]);
    return { total, latest: await this.reader.readMany(rows) };
  }
}

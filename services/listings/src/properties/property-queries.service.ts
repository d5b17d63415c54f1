import { Injectable } from '@nestjs/common';
import {
  AMENITIES,
  GEO,
  isUuid,
  listMeta,
  PAYMENT_TERMS,
  PROPERTY_TYPES,
  searchQueryKey,
  totalPagesOf,
  type Actor,
  type AdminPropertyListResponse,
  type AdminPropertyRead,
  type ListingsStatsReply,
  type MapQuery,
  type MapResponse,
  type PaymentTerm,
  type MyListingsFetchResponse,
  type PropertyRead,
  type PropertyStatus,
  type SearchQuery,
  type SearchResponse,
} from '@mboa/contracts';
import { Prisma } from '../generated/prisma/client.js';
import { ListingsDb } from '../db.js';
import { OwnersService } from '../owners/owners.service.js';
import { SearchIndexProvider } from '../search/search.provider.js';
import { canSee, isOwnerOrAdmin } from '../rules/visibility.js';
import { valuesNamedBy } from '../search/search-labels.js';
import { foldText, SQL_FOLD } from '../search/search-text.js';
import { PropertyReader, propertyNotFound } from './property-reader.js';
import { PublicCards } from './public-cards.js';
import { photoMatchesOf } from './photo-matches.js';
import { storedTextFlags } from '../rules/money-before-visit.js';
import { priceCheckFor, typicalPriceFor } from './price-check.js';

/**
 * The admin list's text filter: the title contains the text whatever its case and accents
 * ('residence' finds 'Résidence'), or the text names the property's type or one of its amenities in
 * English or French ('appartement', 'Électricité', 'clim'). Raw SQL because Prisma's `contains` is
 * accent-sensitive; the fold is search-text.ts's, in SQL.
 */
function adminTextFilter(search: string): Prisma.Sql {
  const types = valuesNamedBy('propertyType', PROPERTY_TYPES, search);
  const amenities = valuesNamedBy('amenity', AMENITIES, search);
  return Prisma.sql`(strpos(translate(lower(title), ${SQL_FOLD.from}, ${SQL_FOLD.to}), ${foldText(search)}) > 0
    OR property_type = ANY(${types}::text[]) OR amenities && ${amenities}::text[])`;
}
import { ownerCardOf, toPropertyRead } from './property-view.js';

function isPaymentTerm(term: string): term is PaymentTerm {
  return (PAYMENT_TERMS as readonly string[]).includes(term);
}

const withImages = { images: { orderBy: { position: 'asc' as const } } };
const newestFirst: Prisma.PropertyOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

@Injectable()
export class PropertyQueriesService {
  constructor(
    private readonly db: ListingsDb,
    private readonly reader: PropertyReader,
    private readonly owners: OwnersService,
    private readonly search: SearchIndexProvider,
    private readonly cards: PublicCards,
  ) {}

  /** One property as `actor` (or the public) may see it; 404 `Property not found` otherwise. */
  async get(id: unknown, actor?: Actor | null): Promise<PropertyRead> {
    if (!isUuid(id)) throw propertyNotFound();
    const found = (await this.reader.loadWithOwners([id], { ownerCard: true })).get(id);
    if (!found || !canSee(found.property, found.owner, actor)) throw propertyNotFound();
    // Its owner and staff also see photos awaiting review, marked; everyone else the public ones.
    const read = toPropertyRead(found.property, found.owner, { withHeld: isOwnerOrAdmin(found.property, actor) });
    if (found.owner && typeof found.activeListings === 'number') read.owner = ownerCardOf(found.owner, found.activeListings);
    read.typicalPrice = await typicalPriceFor(this.db, found.property, this.search.replica?.memory);
    return read;
  }

  /** Any live property, for the admin review screen, with its photos found in other owners' listings and its price check. */
  async adminGet(id: unknown): Promise<AdminPropertyRead> {
    const property = await this.reader.load(id);
    if (!property) throw propertyNotFound();
    const [counts, photoMatches, priceCheck] = await Promise.all([
      this.reader.contactCounts([property.id]),
      photoMatchesOf(this.db, property),
      priceCheckFor(this.db, property),
    ]);
    return {
      ...(await this.reader.read(property, { contactCount: counts.get(property.id) ?? 0, withHeld: true, withPin: true })),
      photoMatches,
      priceCheck,
      textFlags: storedTextFlags(property.textFlags),
    };
  }

  /**
   * The search port answers ids in order; the cards come from the database (kept a while by
   * PublicCards until their listing or owner changes), so a card shows the current author and
   * nothing the index still holds by a moment's lag is shown against the rules.
   */
  async searchProperties(query: SearchQuery): Promise<SearchResponse> {
    // Every field of the query is in the key, the order, box and place too (contracts searchQueryKey).
    const key = searchQueryKey(query);
    // Not counted for staff's figures here: the gateway counts every renter's search it answers,
    // its kept answers included (figures/search-days.ts), and knows which searches are renters'.
    const cached = this.search.results.get(key);
    if (cached) return cached;
    const generation = this.search.results.current();
    const answer = await this.computeSearch(query);
    this.search.results.set(key, answer, generation);
    return answer;
  }

  private async computeSearch(query: SearchQuery): Promise<SearchResponse> {
    const result = await this.search.index.search(query);
    const cards = await this.cards.of(result.hits.map((h) => h.id));
    // A card is shared (PublicCards keeps it): the distance from this search's place goes on a copy.
    const distances = new Map(result.hits.flatMap((h) => (h.distanceKm === undefined ? [] : [[h.id, h.distanceKm] as const])));
    const properties = distances.size === 0 ? cards : cards.map((c) => (distances.has(c.id) ? { ...c, distanceKm: distances.get(c.id)! } : c));
    return {
      properties,
      total: result.total,
      totalIsLowerBound: result.totalIsLowerBound,
      page: result.page,
      totalPages: totalPagesOf(result.total, result.limit),
    };
  }

  /**
   * The map (GET /api/properties/map): the search index's area centres of the listings matching the
   * filters in the box, newest first, at most GEO.mapPoints; `truncated` when more matched (the map
   * asks to zoom in). Only what the public may see is in the index; never a pin.
   */
  async mapPoints(query: MapQuery): Promise<MapResponse> {
    const { points, total } = await this.search.index.points(query, GEO.mapPoints);
    return {
      points: points.flatMap((p) => (isPaymentTerm(p.paymentTerm) ? [{ id: p.id, lat: p.lat, lng: p.lng, price: p.price, paymentTerm: p.paymentTerm }] : [])),
      total,
      truncated: total > points.length,
    };
  }

  async myListings(actor: Actor, query: { page: number; limit: number; status?: PropertyStatus }): Promise<MyListingsFetchResponse> {
    const where: Prisma.PropertyWhereInput = { ownerId: actor.userId, deletedAt: null, ...(query.status ? { status: query.status } : {}) };
    const [total, rows] = await this.db.$transaction([
      this.db.property.count({ where }),
      this.db.property.findMany({ where, include: withImages, orderBy: newestFirst, skip: (query.page - 1) * query.limit, take: query.limit }),
    ]);
    const counts = await this.reader.contactCounts(rows.map((r) => r.id));
    return { data: await this.reader.readMany(rows, counts, true), meta: listMeta(total, query.page, query.limit) };
  }

  async adminList(query: { page: number; limit: number; status?: PropertyStatus; search?: string }): Promise<AdminPropertyListResponse> {
    const offset = (query.page - 1) * query.limit;
    let total: number;
    let rows: Awaited<ReturnType<typeof this.adminRows>>;
    if (query.search) {
      const page = await this.adminTextPage(query.search, query.status, offset, query.limit);
      total = page.total;
      // At most one page of ids, in the same order as the page was chosen.
      rows = await this.adminRows({ id: { in: page.ids } });
    } else {
      const where: Prisma.PropertyWhereInput = { deletedAt: null, ...(query.status ? { status: query.status } : {}) };
      [total, rows] = await this.db.$transaction([
        this.db.property.count({ where }),
        this.db.property.findMany({ where, include: withImages, orderBy: newestFirst, skip: offset, take: query.limit }),
      ]);
    }
    const counts = await this.reader.contactCounts(rows.map((r) => r.id));
    const reads = await this.reader.readMany(rows, counts, true);
    const properties = reads.map((read, i) => ({ ...read, textFlags: storedTextFlags(rows[i].textFlags) }));
    return { properties, total, page: query.page, totalPages: totalPagesOf(total, query.limit) };
  }

  private adminRows(where: Prisma.PropertyWhereInput) {
    return this.db.property.findMany({ where, include: withImages, orderBy: newestFirst });
  }

  /** The ids of one page of the text-filtered admin list, newest first, and the exact total. */
  private async adminTextPage(search: string, status: PropertyStatus | undefined, offset: number, limit: number): Promise<{ ids: string[]; total: number }> {
    const where = Prisma.sql`WHERE deleted_at IS NULL
      ${status ? Prisma.sql`AND status = ${status}::"listings"."PropertyStatus"` : Prisma.empty}
      AND ${adminTextFilter(search)}`;
    const [counted, page] = await this.db.$transaction([
      this.db.$queryRaw<Array<{ total: number }>>`SELECT count(*)::int AS total FROM "listings"."properties" ${where}`,
      this.db.$queryRaw<Array<{ id: string }>>`SELECT id::text AS id FROM "listings"."properties" ${where}
        ORDER BY created_at DESC, id DESC LIMIT ${limit}::int OFFSET ${offset}::int`,
    ]);
    return { ids: page.map((r) => r.id), total: Number(counted[0]?.total ?? 0) };
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

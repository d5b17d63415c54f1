import { Injectable } from '@nestjs/common';
import { isUuid, type Actor, type PaymentTerm, type PropertyRead, type SimilarListingsResponse } from '@mboa/contracts';
import { ListingsDb } from '../db.js';
import { Prisma } from '../generated/prisma/client.js';
import { PropertyReader, propertyNotFound } from '../properties/property-reader.js';
import { toPropertyRead } from '../properties/property-view.js';
import { MONTHS_PER_TERM, monthlyEquivalent } from '../rules/price-check.js';
import { compareSimilarity, SIMILAR_LISTINGS_LIMIT } from '../rules/similar.js';
import { canSee, isPubliclyVisible, publiclyVisibleSql } from '../rules/visibility.js';

/** What picking similar listings needs to know of the listing shown. */
export interface ListingForSimilar {
  id: string;
  category: string;
  town: string;
  propertyType: string;
  paymentTerm: PaymentTerm;
  price: number;
}

/** What the public sees (rules/visibility.ts), the owner's ban read through an anti-join. */
const PUBLIC = Prisma.raw(publiclyVisibleSql('p', 'EXISTS (SELECT 1 FROM "listings"."owners" o WHERE o.id = p.owner_id AND o.banned)'));

/** A price per its term as a monthly equivalent, in SQL, with rules/price-check.ts's factors. */
const MONTHLY_PRICE = Prisma.sql`(p.price::float8 / CASE p.payment_term::text ${Prisma.join(
  (Object.entries(MONTHS_PER_TERM) as Array<[PaymentTerm, number]>).map(([term, months]) => Prisma.sql`WHEN ${term} THEN ${months}::float8`),
  ' ',
)} END)`;

/**
 * The ids of the listings similar to `listing`, in rules/similar.ts's order: public, same category,
 * same town as stored (a known town in its canonical spelling), not the listing itself; the same
 * type first, then the closest monthly equivalent. One statement: an index-only scan of
 * properties_similar_idx (migration similar_listings_index, partial on what the public sees) over
 * that town and category, and a top-6 sort (docs/benchmarks.md#similar-listings).
 */
export async function similarListingIds(db: ListingsDb, listing: ListingForSimilar): Promise<string[]> {
  const monthly = monthlyEquivalent(listing.price, listing.paymentTerm);
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    SELECT p.id::text AS id
    FROM "listings"."properties" p
    WHERE p.town = ${listing.town} AND p.category = ${listing.category}::"listings"."PropertyCategory"
      AND ${PUBLIC} AND p.id <> ${listing.id}::uuid
    ORDER BY (p.property_type <> ${listing.propertyType}), abs(${MONTHLY_PRICE} - ${monthly}::float8), p.id
    LIMIT ${SIMILAR_LISTINGS_LIMIT}::int`;
  return rows.map((r) => r.id);
}

/** The details page's similar listings (docs/api.md#similar-listings). */
@Injectable()
export class SimilarListingsService {
  constructor(
    private readonly db: ListingsDb,
    private readonly reader: PropertyReader,
  ) {}

  /**
   * Up to 6 public listings like the one `actor` (or the public) may see, as search cards; 404
   * `Property not found` for one they may not see, like its details.
   */
  async similarTo(id: unknown, actor?: Actor | null): Promise<SimilarListingsResponse> {
    if (!isUuid(id)) throw propertyNotFound();
    const found = (await this.reader.loadWithOwners([id])).get(id);
    if (!found || !canSee(found.property, found.owner, actor)) throw propertyNotFound();
    const listing = found.property;
    const ids = await similarListingIds(this.db, listing);
    const loaded = await this.reader.loadWithOwners(ids);
    // Read again with their owners: one that left search in between is not shown.
    const similar = ids.flatMap((i) => {
      const row = loaded.get(i);
      return row && isPubliclyVisible(row.property, row.owner) ? [row] : [];
    });
    const order = compareSimilarity(listing);
    similar.sort((a, b) => order(a.property, b.property));
    const properties: PropertyRead[] = similar.map((row) => toPropertyRead(row.property, row.owner));
    return { properties };
  }
}

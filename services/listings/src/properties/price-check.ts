import type { PaymentTerm, PriceCheck, PropertyType, TypicalPrice } from '@mboa/contracts';
import type { ListingsDb } from '../db.js';
import { Prisma } from '../generated/prisma/client.js';
import { comparableTerms, MONTHS_PER_TERM, priceCheckOf, typicalAmountOf, type ComparablePrices } from '../rules/price-check.js';

/** What the comparison needs to know of a listing. */
export interface ListingForPriceCheck {
  id: string;
  town: string;
  propertyType: string;
  paymentTerm: PaymentTerm;
  price: number;
}

/** A price per its term as a monthly equivalent, in SQL, with rules/price-check.ts's factors. */
const MONTHLY_PRICE = Prisma.sql`(p.price::float8 / CASE p.payment_term::text ${Prisma.join(
  (Object.entries(MONTHS_PER_TERM) as Array<[PaymentTerm, number]>).map(([term, months]) => Prisma.sql`WHEN ${term} THEN ${months}::float8`),
  ' ',
)} END)`;

/**
 * The median monthly equivalent of the public listings comparable with `listing` (same town as
 * stored, so a known town in its canonical spelling; same property type; the terms compared
 * together, rules/price-check.ts), the listing itself not counted, and how many there were.
 *
 * Worked out at each read: one index-only scan of properties_price_check_idx (migration
 * property_price_check_index, partial on what the public sees) over just that town and type,
 * the banned owners taken out by an anti-join. The conditions below are the index's predicate
 * word for word, so the planner can use it; they are rules/visibility.ts's public rule for the
 * columns of the row (keep them together). About 2 ms at 100,000 listings, 4 ms for the largest
 * group, 44 ms without the index (docs/benchmarks.md#prices-that-look-wrong), so nothing is
 * stored and no event needs handling: an approval, a price change or a listing leaving search
 * counts at the next read.
 */
export async function comparablePrices(db: ListingsDb, listing: ListingForPriceCheck): Promise<ComparablePrices> {
  const [row] = await db.$queryRaw<Array<{ comparables: number; median: number | null }>>`
    SELECT count(*)::int AS comparables, percentile_cont(0.5) WITHIN GROUP (ORDER BY ${MONTHLY_PRICE}) AS median
    FROM "listings"."properties" p
    WHERE p.property_type = ${listing.propertyType} AND p.town = ${listing.town}
      AND p.payment_term = ANY(${comparableTerms(listing.paymentTerm)}::"listings"."PaymentTerm"[])
      AND p.deleted_at IS NULL AND p.is_verified AND p.review_state = 'approved' AND p.status = 'available' AND p.held_at IS NULL
      AND p.id <> ${listing.id}::uuid
      AND NOT EXISTS (SELECT 1 FROM "listings"."owners" o WHERE o.id = p.owner_id AND o.banned)`;
  return { medianMonthly: row?.median ?? null, comparables: row?.comparables ?? 0 };
}

/** The admin review screen's price check; null with too few comparables. */
export async function priceCheckFor(db: ListingsDb, listing: ListingForPriceCheck): Promise<PriceCheck | null> {
  return priceCheckOf(listing.price, listing.paymentTerm, await comparablePrices(db, listing));
}

/** The details page's typical price for such a place; null with too few comparables. */
export async function typicalPriceFor(db: ListingsDb, listing: ListingForPriceCheck): Promise<TypicalPrice | null> {
  const typical = typicalAmountOf(listing.paymentTerm, await comparablePrices(db, listing));
  return typical && { ...typical, town: listing.town, propertyType: listing.propertyType as PropertyType };
}

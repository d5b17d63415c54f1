import type { PaymentTerm, PriceCheck, PropertyType, TypicalPrice } from '@mboa/contracts';
import type { ListingsDb } from '../db.js';
import { Prisma } from '../generated/prisma/client.js';
import {
  comparableTerms,
  medianOf,
  monthlyEquivalent,
  MONTHS_PER_TERM,
  priceCheckOf,
  typicalAmountOf,
  type ComparablePrices,
} from '../rules/price-check.js';
import type { MemorySearchIndex } from '../search/memory-search-index.js';
import { publiclyVisibleSql } from '../rules/visibility.js';

/** What the comparison needs to know of a listing. */
export interface ListingForPriceCheck {
  id: string;
  town: string;
  propertyType: string;
  paymentTerm: PaymentTerm;
  price: number;
}

/**
 * The comparables are what the public sees (rules/visibility.ts), the owner's ban read through an
 * anti-join. Its conjuncts include properties_price_check_idx's predicate, so the planner uses that
 * index; the freshness clock is in the index too.
 */
const PUBLIC = Prisma.raw(publiclyVisibleSql('p', 'EXISTS (SELECT 1 FROM "listings"."owners" o WHERE o.id = p.owner_id AND o.banned)'));

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
 * Worked out at each read: one index-only scan of properties_price_check_idx (migrations
 * property_price_check_index and price_check_index_freshness, partial on what the public sees)
 * over just that town and type, the banned owners taken out by an anti-join. About 2 ms at
 * 100,000 listings, 4 ms for the largest group, 44 ms without the index
 * (docs/benchmarks.md#prices-that-look-wrong), so nothing is stored and no event needs handling:
 * an approval, a price change or a listing leaving search counts at the next read.
 */
export async function comparablePrices(db: ListingsDb, listing: ListingForPriceCheck): Promise<ComparablePrices> {
  const [row] = await db.$queryRaw<Array<{ comparables: number; median: number | null }>>`
    SELECT count(*)::int AS comparables, percentile_cont(0.5) WITHIN GROUP (ORDER BY ${MONTHLY_PRICE}) AS median
    FROM "listings"."properties" p
    WHERE p.property_type = ${listing.propertyType} AND p.town = ${listing.town}
      AND p.payment_term = ANY(${comparableTerms(listing.paymentTerm)}::"listings"."PaymentTerm"[])
      AND ${PUBLIC} AND p.id <> ${listing.id}::uuid`;
  return { medianMonthly: row?.median ?? null, comparables: row?.comparables ?? 0 };
}

/** The admin review screen's price check; null with too few comparables. */
export async function priceCheckFor(db: ListingsDb, listing: ListingForPriceCheck): Promise<PriceCheck | null> {
  return priceCheckOf(listing.price, listing.paymentTerm, await comparablePrices(db, listing));
}

/**
 * comparablePrices from a listings replica's copy of the search documents, which hold exactly the
 * listings the public sees (kept within a second of each change): the same median without a
 * statement on every details read. Towns compare as search compares them (case and accents aside).
 */
export function comparablePricesIn(memory: MemorySearchIndex, listing: ListingForPriceCheck): ComparablePrices {
  const prices = memory.pricesOf(
    { town: listing.town, propertyType: listing.propertyType, terms: comparableTerms(listing.paymentTerm), exceptId: listing.id },
    (price, term) => monthlyEquivalent(price, term as PaymentTerm),
  );
  return { medianMonthly: medianOf(prices), comparables: prices.length };
}

/**
 * The details page's typical price for such a place; null with too few comparables. From the
 * replica's copy in memory when it has one (`memory`), else from the database.
 */
export async function typicalPriceFor(db: ListingsDb, listing: ListingForPriceCheck, memory?: MemorySearchIndex | null): Promise<TypicalPrice | null> {
  const prices = memory ? comparablePricesIn(memory, listing) : await comparablePrices(db, listing);
  const typical = typicalAmountOf(listing.paymentTerm, prices);
  return typical && { ...typical, town: listing.town, propertyType: listing.propertyType as PropertyType };
}

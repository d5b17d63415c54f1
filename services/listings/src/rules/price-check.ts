// Prices that look wrong (docs/api.md#prices-that-look-wrong): a listing priced far below what
// comparable public listings ask is a classic bait ("too good to be true", then a "visit fee").
// The numbers come from properties/price-check.ts; what they mean is decided here.
import type { PaymentTerm, PriceCheck } from '@mboa/contracts';

/** At least this many comparable listings (the listing itself not counted) before a median says anything. */
export const PRICE_CHECK_MIN_COMPARABLES = 5;

/** Flagged when the price is under this share of the median (40 %). */
export const PRICE_CHECK_FLAG_RATIO = 0.4;

/**
 * How many of each term make a month: a price per term divided by this is its monthly equivalent
 * (daily × 30, quarterly ÷ 3, yearly ÷ 12).
 */
export const MONTHS_PER_TERM: Readonly<Record<PaymentTerm, number>> = {
  daily: 1 / 30,
  monthly: 1,
  quarterly: 3,
  yearly: 12,
};

/** What a listing's price is compared per: a month for long stays, a day for daily ones. */
export type PriceBasis = 'monthly' | 'daily';

/**
 * Which listings a price is compared with, besides the same town and property type. Monthly,
 * quarterly and yearly rents are the same market paid in different instalments, so they are
 * compared together as monthly equivalents. Daily stays are furnished short stays, priced many
 * times a month's rent: mixed in, every long-stay listing of a town with a few of them would look
 * "far below", and a fake cheap short stay would hide among the long stays. So daily listings are
 * compared only with daily ones (still as monthly equivalents inside, shown per day).
 */
export function priceBasisOf(term: PaymentTerm): PriceBasis {
  return term === 'daily' ? 'daily' : 'monthly';
}

/** The payment terms compared together with `term`. */
export function comparableTerms(term: PaymentTerm): PaymentTerm[] {
  const basis = priceBasisOf(term);
  return (Object.keys(MONTHS_PER_TERM) as PaymentTerm[]).filter((t) => priceBasisOf(t) === basis);
}

/** The price per month of `price` per `term`. */
export function monthlyEquivalent(price: number, term: PaymentTerm): number {
  return price / MONTHS_PER_TERM[term];
}

/** A monthly amount said per `basis`, in whole FCFA. */
export function perBasis(monthly: number, basis: PriceBasis): number {
  return Math.round(basis === 'daily' ? monthly * MONTHS_PER_TERM.daily : monthly);
}

/** The median of the comparable listings' monthly equivalents and how many there were. */
export interface ComparablePrices {
  /** Null when there were none. */
  medianMonthly: number | null;
  comparables: number;
}

/** The median as PostgreSQL's percentile_cont(0.5) gives it (the two middle values averaged); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)] + sorted[Math.ceil(mid)]) / 2;
}

export function hasEnoughComparables(prices: ComparablePrices): prices is { medianMonthly: number; comparables: number } {
  return prices.medianMonthly !== null && prices.medianMonthly > 0 && prices.comparables >= PRICE_CHECK_MIN_COMPARABLES;
}

/**
 * The review screen's price check of a listing priced `price` per `term`; null with fewer than
 * PRICE_CHECK_MIN_COMPARABLES comparables (a median of three listings says little). Flagged under
 * PRICE_CHECK_FLAG_RATIO of the median. Never acted on alone: staff decide.
 */
export function priceCheckOf(price: number, term: PaymentTerm, prices: ComparablePrices): PriceCheck | null {
  if (!hasEnoughComparables(prices)) return null;
  const basis = priceBasisOf(term);
  const monthly = monthlyEquivalent(price, term);
  const ratio = monthly / prices.medianMonthly;
  return {
    term: basis,
    price: perBasis(monthly, basis),
    median: perBasis(prices.medianMonthly, basis),
    comparables: prices.comparables,
    ratio: Math.round(ratio * 100) / 100,
    flagged: ratio < PRICE_CHECK_FLAG_RATIO,
  };
}

/**
 * What renters see as the usual price of such a place, per month (per day for a daily stay), or
 * null with too few comparables. The listing's own price plays no part.
 */
export function typicalAmountOf(term: PaymentTerm, prices: ComparablePrices): { amount: number; term: PriceBasis; comparables: number } | null {
  if (!hasEnoughComparables(prices)) return null;
  const basis = priceBasisOf(term);
  return { amount: perBasis(prices.medianMonthly, basis), term: basis, comparables: prices.comparables };
}

// What a renter pays to move in (docs/api.md#move-in-cost). The details page's cost box and the post
// wizard's preview both show this, so an owner sees exactly what renters will read.
//
// The rule, as a renter in Cameroon understands it:
// - The rent is one period's price as listed: a day, a month, a quarter or a year.
// - The caution (deposit) is paid once on entry and given back when the renter leaves; it is never
//   part of the rent.
// - The advance is the owner's "N mois d'avance": `advanceMonths` months of rent paid before moving
//   in, at the monthly equivalent of the listed price (a day ×30, a quarter ÷3, a year ÷12). It is
//   rounded to the franc once, on the whole advance (halves up), so 3 months of a quarterly rent or
//   12 months of a yearly rent are exactly the listed price.
// - The advance is rent paid early: it covers the first months, it is not a charge on top. So on
//   entry the renter pays the larger of one period's rent and the advance, plus the caution. A
//   monthly rent with 6 months of advance is 6 months; a yearly rent with 3 months of advance is
//   still the year; with no advance it is the first period's rent.
// Nothing else is due: the marketplace never charges renters.
import { LIMITS } from '../limits.js';
import type { PaymentTerm } from '../property.js';

/**
 * A period's price as a monthly one: multiply by `perMonth`, divide by `months` (a fraction, so
 * the division happens once, at the final rounding). A month is 30 days, as rents are counted.
 */
export const MONTHLY_EQUIVALENT: Readonly<Record<PaymentTerm, { perMonth: number; months: number }>> = {
  daily: { perMonth: 30, months: 1 },
  monthly: { perMonth: 1, months: 1 },
  quarterly: { perMonth: 1, months: 3 },
  yearly: { perMonth: 1, months: 12 },
};

export interface MoveInCostInput {
  /** One period's price, FCFA. */
  price: number;
  paymentTerm: PaymentTerm;
  /** FCFA; missing or not a number counts as none. */
  caution?: number | null;
  /** Months of rent due in advance, 0 to LIMITS.property.advanceMonthsMax; missing counts as none. */
  advanceMonths?: number | null;
}

/** Every amount is whole FCFA. */
export interface MoveInCost {
  paymentTerm: PaymentTerm;
  /** One period's rent, as listed. */
  rent: number;
  caution: number;
  advanceMonths: number;
  /** advanceMonths months of rent at the monthly equivalent. */
  advance: number;
  /** What the renter pays before moving in: max(rent, advance) + caution. */
  total: number;
}

/** A whole, non-negative amount of francs; anything not a number counts as 0. */
function francs(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/** The months of advance within 0..advanceMonthsMax, whole (the schemas refuse anything else). */
function months(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 0;
  return Math.min(Math.round(value), LIMITS.property.advanceMonthsMax);
}

/** Rent, caution, advance and the total to move in, for a listing of any payment term. */
export function moveInCost(input: MoveInCostInput): MoveInCost {
  const rent = francs(input.price);
  const caution = francs(input.caution);
  const advanceMonths = months(input.advanceMonths);
  const { perMonth, months: periodMonths } = MONTHLY_EQUIVALENT[input.paymentTerm];
  // rent × advanceMonths × perMonth stays far within exact integers (prices are 32-bit, × 24 × 30).
  const advance = Math.round((rent * advanceMonths * perMonth) / periodMonths);
  return { paymentTerm: input.paymentTerm, rent, caution, advanceMonths, advance, total: Math.max(rent, advance) + caution };
}

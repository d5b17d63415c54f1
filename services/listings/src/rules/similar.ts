// Similar listings on the details page (docs/api.md#similar-listings): what a renter looking at one
// place would also consider. The SQL that picks them (properties/similar.ts) follows these rules;
// the service orders what it loaded with `compareSimilarity`, so both say the same thing.
import type { PaymentTerm } from '@mboa/contracts';
import { monthlyEquivalent } from './price-check.js';

/** At most this many similar listings: one row of cards on a wide screen, a short scroll on a phone. */
export const SIMILAR_LISTINGS_LIMIT = 6;

/** What the comparison needs to know of a listing. */
export interface SimilarityFacts {
  id: string;
  propertyType: string;
  paymentTerm: PaymentTerm;
  price: number;
}

/**
 * How far `other`'s price is from `listing`'s, per month. Every term is compared (daily × 30,
 * quarterly ÷ 3, yearly ÷ 12): a renter of a studio at 45,000 a month would also look at one at
 * 500,000 a year.
 */
export function priceDistance(listing: SimilarityFacts, other: SimilarityFacts): number {
  return Math.abs(monthlyEquivalent(other.price, other.paymentTerm) - monthlyEquivalent(listing.price, listing.paymentTerm));
}

/**
 * The order of similar listings to `listing` (all of the same category and town, public, not the
 * listing itself): the same property type first, then the closest monthly equivalent, then the id
 * so that equal ones keep one order from read to read.
 */
export function compareSimilarity(listing: SimilarityFacts): (a: SimilarityFacts, b: SimilarityFacts) => number {
  return (a, b) => {
    const type = Number(a.propertyType !== listing.propertyType) - Number(b.propertyType !== listing.propertyType);
    if (type !== 0) return type;
    const distance = priceDistance(listing, a) - priceDistance(listing, b);
    if (distance !== 0) return distance;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

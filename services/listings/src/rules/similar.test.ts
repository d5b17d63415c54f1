import type { PaymentTerm } from '@mboa/contracts';
import { compareSimilarity, priceDistance, SIMILAR_LISTINGS_LIMIT, type SimilarityFacts } from './similar.js';

const listing = (id: string, propertyType: string, price: number, paymentTerm: PaymentTerm = 'monthly'): SimilarityFacts => ({
  id,
  propertyType,
  price,
  paymentTerm,
});

const studio = listing('0', 'studio', 45_000);

describe('similar listings', () => {
  it('shows at most six', () => {
    expect(SIMILAR_LISTINGS_LIMIT).toBe(6);
  });

  it('measures the price distance per month, whatever the terms', () => {
    expect(priceDistance(studio, listing('a', 'studio', 50_000))).toBe(5_000);
    expect(priceDistance(studio, listing('b', 'studio', 40_000))).toBe(5_000);
    expect(priceDistance(studio, listing('c', 'studio', 1_500, 'daily'))).toBeCloseTo(0);
    expect(priceDistance(studio, listing('d', 'studio', 150_000, 'quarterly'))).toBeCloseTo(5_000);
    expect(priceDistance(studio, listing('e', 'studio', 480_000, 'yearly'))).toBeCloseTo(5_000);
    expect(priceDistance(listing('y', 'studio', 540_000, 'yearly'), listing('f', 'studio', 45_000))).toBeCloseTo(0);
  });

  it('puts the same type first, then the closest price per month, then a stable order', () => {
    const others = [
      listing('apartment-close', 'apartment', 45_000),
      listing('studio-far', 'studio', 90_000),
      listing('studio-yearly', 'studio', 600_000, 'yearly'), // 50,000 a month
      listing('studio-below', 'studio', 41_000),
      listing('studio-daily', 'studio', 1_500, 'daily'), // 45,000 a month
      listing('room-far', 'Single Room', 10_000),
      listing('b-tie', 'studio', 49_000),
      listing('a-tie', 'studio', 49_000),
    ];
    expect(others.sort(compareSimilarity(studio)).map((o) => o.id)).toEqual([
      'studio-daily',
      'a-tie',
      'b-tie',
      'studio-below',
      'studio-yearly',
      'studio-far',
      'apartment-close',
      'room-far',
    ]);
  });
});

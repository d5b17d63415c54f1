import {
  comparableTerms,
  medianOf,
  monthlyEquivalent,
  PRICE_CHECK_FLAG_RATIO,
  PRICE_CHECK_MIN_COMPARABLES,
  priceCheckOf,
  typicalAmountOf,
} from './price-check.js';

describe('monthly equivalents', () => {
  it('daily × 30, monthly as is, quarterly ÷ 3, yearly ÷ 12', () => {
    expect(monthlyEquivalent(1_500, 'daily')).toBeCloseTo(45_000);
    expect(monthlyEquivalent(45_000, 'monthly')).toBe(45_000);
    expect(monthlyEquivalent(135_000, 'quarterly')).toBeCloseTo(45_000);
    expect(monthlyEquivalent(540_000, 'yearly')).toBeCloseTo(45_000);
  });

  it('monthly, quarterly and yearly listings are compared together; daily stays only with daily ones', () => {
    expect(comparableTerms('monthly')).toEqual(['monthly', 'quarterly', 'yearly']);
    expect(comparableTerms('yearly')).toEqual(['monthly', 'quarterly', 'yearly']);
    expect(comparableTerms('daily')).toEqual(['daily']);
  });
});

describe('the price check staff see', () => {
  const enough = { medianMonthly: 45_000, comparables: PRICE_CHECK_MIN_COMPARABLES };

  it('flags a price under 40 % of the median, with the numbers the warning shows', () => {
    expect(priceCheckOf(12_000, 'monthly', { medianMonthly: 45_000, comparables: 14 })).toEqual({
      term: 'monthly',
      price: 12_000,
      median: 45_000,
      comparables: 14,
      ratio: 0.27,
      flagged: true,
    });
  });

  it('40 % of the median exactly is not flagged; just under is', () => {
    expect(priceCheckOf(45_000 * PRICE_CHECK_FLAG_RATIO, 'monthly', enough)?.flagged).toBe(false);
    expect(priceCheckOf(45_000 * PRICE_CHECK_FLAG_RATIO - 1, 'monthly', enough)?.flagged).toBe(true);
    expect(priceCheckOf(40_000, 'monthly', enough)).toMatchObject({ flagged: false, ratio: 0.89 });
  });

  it('compares a yearly or quarterly price by its monthly equivalent', () => {
    // 144,000 a year is 12,000 a month: far below 45,000.
    expect(priceCheckOf(144_000, 'yearly', enough)).toMatchObject({ term: 'monthly', price: 12_000, median: 45_000, flagged: true });
    // 135,000 a quarter is 45,000 a month: the usual price.
    expect(priceCheckOf(135_000, 'quarterly', enough)).toMatchObject({ price: 45_000, ratio: 1, flagged: false });
  });

  it('says a daily stay per day', () => {
    // Daily listings around 15,000 a day (450,000 a month); this one asks 3,000.
    expect(priceCheckOf(3_000, 'daily', { medianMonthly: 450_000, comparables: 6 })).toEqual({
      term: 'daily',
      price: 3_000,
      median: 15_000,
      comparables: 6,
      ratio: 0.2,
      flagged: true,
    });
  });

  it('says nothing with 4 comparables, or none', () => {
    expect(priceCheckOf(1_000, 'monthly', { medianMonthly: 45_000, comparables: PRICE_CHECK_MIN_COMPARABLES - 1 })).toBeNull();
    expect(priceCheckOf(1_000, 'monthly', { medianMonthly: null, comparables: 0 })).toBeNull();
  });
});

describe('the typical price renters see', () => {
  it('is the median per month, whatever this listing asks, from 5 comparables', () => {
    expect(typicalAmountOf('yearly', { medianMonthly: 35_000.4, comparables: 12 })).toEqual({ amount: 35_000, term: 'monthly', comparables: 12 });
    expect(typicalAmountOf('daily', { medianMonthly: 450_000, comparables: 5 })).toEqual({ amount: 15_000, term: 'daily', comparables: 5 });
  });

  it('is not shown with 4 comparables', () => {
    expect(typicalAmountOf('monthly', { medianMonthly: 35_000, comparables: 4 })).toBeNull();
  });
});

describe('medianOf (the details page\'s typical price from memory, as PostgreSQL\'s percentile_cont(0.5))', () => {
  it('takes the middle value, or the mean of the two middle ones, whatever the order given', () => {
    expect(medianOf([60_000, 45_000, 40_000, 45_000, 50_000])).toBe(45_000);
    expect(medianOf([50_000, 40_000, 60_000, 45_000])).toBe(47_500);
    expect(medianOf([7])).toBe(7);
    expect(medianOf([])).toBeNull();
  });
});

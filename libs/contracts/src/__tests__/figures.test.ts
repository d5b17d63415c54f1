import {
  adminFiguresQuerySchema,
  cameroonDay,
  FIGURES,
  MESSAGES,
  PRICE_BANDS,
  priceBandOf,
  PROPERTY_TYPES,
  SearchTallies,
  searchesCountedRequestSchema,
  searchTownOf,
  TOWNS,
} from '../index.js';

describe("staff figures' words", () => {
  it("counts a search's town as a known town's own spelling, 'other' for any other text, 'any' when none: never the text typed", () => {
    expect(searchTownOf('kribi')).toBe('Kribi');
    expect(searchTownOf(' YAOUNDÉ ')).toBe('Yaounde');
    expect(searchTownOf('Chez Paul Mbarga')).toBe('other');
    expect(searchTownOf(undefined)).toBe('any');
    expect(searchTownOf('  ')).toBe('any');
  });

  it('puts a search in a price band by the highest price it allows', () => {
    expect(priceBandOf(undefined)).toBe('any');
    expect(priceBandOf(0)).toBe('up-to-25k');
    expect(priceBandOf(25_000)).toBe('up-to-25k');
    expect(priceBandOf(25_001)).toBe('25k-50k');
    expect(priceBandOf(100_000)).toBe('50k-100k');
    expect(priceBandOf(250_000)).toBe('100k-250k');
    expect(priceBandOf(2_000_000)).toBe('over-250k');
  });

  it('reads days from 1 to 90, 30 when left out, and refuses anything else naming the field', () => {
    expect(adminFiguresQuerySchema.parse({})).toEqual({ days: 30 });
    expect(adminFiguresQuerySchema.parse({ days: '7' })).toEqual({ days: 7 });
    for (const days of ['0', '91', '2.5', 'abc', '-1']) {
      const result = adminFiguresQuerySchema.safeParse({ days });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['days'], message: MESSAGES.figures.daysInvalid });
    }
  });
});

describe('searches counted (one rule for whoever counts)', () => {
  it("adds a search's first page to its day, folded town, type and band; a next page adds nothing; found nothing counted apart", () => {
    const tallies = new SearchTallies();
    const at = new Date('2026-11-28T10:00:00Z');
    tallies.count({ town: ' KRIBI ', propertyType: 'studio', maxPrice: 20_000, page: 1 }, 0, at);
    tallies.count({ town: 'kribi', propertyType: 'studio', maxPrice: 18_000 }, 0, at);
    tallies.count({ town: 'Kribi', propertyType: 'studio', maxPrice: 20_000, page: 2 }, 0, at);
    tallies.count({ town: 'Chez Paul Mbarga' }, 4, at);
    tallies.count({}, 12, at);
    const [batch, ...more] = tallies.take();
    expect(more).toEqual([]);
    expect(batch).toEqual([
      { day: '2026-11-28', town: 'Kribi', propertyType: 'studio', priceBand: 'up-to-25k', searches: 2, foundNothing: 2 },
      { day: '2026-11-28', town: 'other', propertyType: 'any', priceBand: 'any', searches: 1, foundNothing: 0 },
      { day: '2026-11-28', town: 'any', propertyType: 'any', priceBand: 'any', searches: 1, foundNothing: 0 },
    ]);
    // Taken once: counting starts again from nothing.
    expect(tallies.take()).toEqual([]);
  });

  it("counts on Cameroon's day: 23:00 UTC is already the next day there", () => {
    const tallies = new SearchTallies();
    tallies.count({}, 1, new Date('2026-11-28T22:59:59Z'));
    tallies.count({}, 1, new Date('2026-11-28T23:00:00Z'));
    expect(tallies.take()[0].map((t) => t.day)).toEqual(['2026-11-28', '2026-11-29']);
    expect(cameroonDay(new Date('2026-11-28T23:00:00Z'))).toBe('2026-11-29');
  });

  it('hands its rows in batches listings accepts, none larger than FIGURES.searchBatchRows', () => {
    const tallies = new SearchTallies();
    const now = new Date();
    // Every town, type and band of one day: more rows than one batch may carry.
    for (const town of TOWNS) for (const propertyType of PROPERTY_TYPES) for (const maxPrice of [undefined, ...PRICE_BANDS.map((b) => Math.min(b.top, 10_000_000))]) {
      tallies.count({ town, propertyType, maxPrice }, maxPrice === undefined ? 3 : 0, now);
    }
    const rows = TOWNS.length * PROPERTY_TYPES.length * (PRICE_BANDS.length + 1);
    expect(tallies.size).toBe(rows);
    expect(rows).toBeGreaterThan(FIGURES.searchBatchRows);
    const batches = tallies.take();
    expect(batches.length).toBe(Math.ceil(rows / FIGURES.searchBatchRows));
    expect(batches.flat().length).toBe(rows);
    for (const tallies of batches) {
      expect(tallies.length).toBeLessThanOrEqual(FIGURES.searchBatchRows);
      expect(searchesCountedRequestSchema.safeParse({ tallies }).success).toBe(true);
    }
  });

  it('refuses a batch that could name someone or is out of bounds', () => {
    const good = { day: cameroonDay(new Date()), town: 'Buea', propertyType: 'studio', priceBand: 'up-to-25k', searches: 2, foundNothing: 1 };
    expect(searchesCountedRequestSchema.safeParse({ tallies: [good] }).success).toBe(true);
    for (const bad of [
      { ...good, town: 'Chez Paul Mbarga' },
      { ...good, userId: 'a-person' },
      { ...good, searches: 0, foundNothing: 0 },
      { ...good, searches: 1.5 },
      { ...good, foundNothing: -1 },
      { ...good, foundNothing: 3 },
      { ...good, searches: FIGURES.searchesPerRow + 1 },
      { ...good, day: '2026-02-30' },
      { ...good, day: '2020-01-01' },
      { ...good, day: '2099-01-01' },
      { ...good, priceBand: '0-1k' },
      { ...good, propertyType: 'castle' },
    ]) {
      expect(searchesCountedRequestSchema.safeParse({ tallies: [good, bad] }).success).toBe(false);
    }
    expect(searchesCountedRequestSchema.safeParse({ tallies: [] }).success).toBe(false);
    // The same row twice (it could not be added in one statement).
    expect(searchesCountedRequestSchema.safeParse({ tallies: [good, { ...good, searches: 1, foundNothing: 0 }] }).success).toBe(false);
    expect(searchesCountedRequestSchema.safeParse({ tallies: [good], from: 'a-person' }).success).toBe(false);
  });

  it('counts every search given; what a count costs is printed, not asserted (the machine is shared)', () => {
    const tallies = new SearchTallies();
    const queries = ['Buea', 'Limbe', 'kumba', undefined, 'Chez Paul'].flatMap((town) => [undefined, 20_000, 80_000].map((maxPrice) => ({ town, maxPrice, page: 1 })));
    const n = 200_000;
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) tallies.count(queries[i % queries.length], i % 7);
    const nsEach = Number(process.hrtime.bigint() - started) / n;
    console.log(`SearchTallies.count: ${(nsEach / 1000).toFixed(2)} µs a search over ${n} searches`);
    expect(tallies.take().flat().reduce((sum, t) => sum + t.searches, 0)).toBe(n);
  });
});

import { MemorySearchIndex } from '../memory-search-index.js';
import { describeSearchIndexContract } from './search-index.contract.js';
import { describeSearchRelevance } from './search-relevance.js';
import { doc } from './fixtures.js';

// Pure memory: nothing to start or drop.
const memoryIndex = async () => ({ index: new MemorySearchIndex(), dispose: async () => undefined });
describeSearchIndexContract('memory', memoryIndex);
describeSearchRelevance('memory', memoryIndex);

describe('MemorySearchIndex specifics', () => {
  describe('past its count cap', () => {
    // 30 matching documents against a cap of 10: the same behaviour as 100,000 against 1,000.
    const capped = new MemorySearchIndex({ exactCountUpTo: 10 });
    const docs = Array.from({ length: 30 }, (_, i) => doc({ day: 100 + i, title: `Capped flat ${i}`, town: 'Ebolowa' }));
    const newestFirst = [...docs].reverse().map((d) => d.id);
    beforeAll(() => capped.upsertMany(docs));

    it('says the total of a browse is a lower bound, and counts text exactly', async () => {
      expect(await capped.search({ town: 'Ebolowa' })).toMatchObject({ total: 12, totalIsLowerBound: true, totalPages: 1 });
      expect(await capped.search({ limit: 5 })).toMatchObject({ total: 10, totalIsLowerBound: true, totalPages: 2 });
      expect(await capped.search({ search: 'capped' })).toMatchObject({ total: 30, totalIsLowerBound: false, totalPages: 3 });
    });

    it('still answers every page in order', async () => {
      const third = await capped.search({ town: 'Ebolowa', limit: 5, page: 3 });
      expect(third.hits.map((h) => h.id)).toEqual(newestFirst.slice(10, 15));
      const last = await capped.search({ town: 'Ebolowa', limit: 10, page: 3 });
      expect(last).toMatchObject({ total: 30, totalIsLowerBound: false, totalPages: 3 });
      expect(last.hits.map((h) => h.id)).toEqual(newestFirst.slice(20, 30));
    });
  });

  describe('many matches (read off the kept orders instead of sorted)', () => {
    const index = new MemorySearchIndex();
    // 5,000 flats, one in ten with "penthouse" in its title, the rest in their description.
    const docs = Array.from({ length: 5_000 }, (_, i) =>
      doc({
        day: 1 + i,
        title: i % 10 === 0 ? `Penthouse ${i}` : `Flat ${i}`,
        description: 'Close to a penthouse.',
        price: 10_000 + ((i * 7919) % 5_000) * 100,
      }),
    );
    beforeAll(() => index.upsertMany(docs));

    it('ranks title matches first, newest first within each relevance', async () => {
      const page = await index.search({ search: 'penthouse', limit: 50, page: 10 });
      expect(page.total).toBe(5_000);
      const titled = docs.filter((_, i) => i % 10 === 0).reverse();
      const rest = docs.filter((_, i) => i % 10 !== 0).reverse();
      const expected = [...titled, ...rest].map((d) => d.id);
      expect(page.hits.map((h) => h.id)).toEqual(expected.slice(450, 500));
      const next = await index.search({ search: 'penthouse', limit: 50, page: 11 });
      expect(next.hits.map((h) => h.id)).toEqual(expected.slice(500, 550));
    });

    it('orders every match by price when asked', async () => {
      const cheapest = [...docs].sort((a, b) => a.monthlyPrice - b.monthlyPrice || b.createdAt.localeCompare(a.createdAt)).map((d) => d.id);
      const page = await index.search({ search: 'penthouse', sort: 'price-asc', limit: 20, page: 3 });
      expect(page.hits.map((h) => h.id)).toEqual(cheapest.slice(40, 60));
    });

    it('keeps the orders through updates and removals', async () => {
      const moved = { ...docs[4_999], title: 'Penthouse moved', version: 2, createdAt: new Date(Date.UTC(2020, 0, 1)).toISOString() };
      expect(await index.upsert(moved)).toBe(true);
      const browse = await index.search({ limit: 50, page: 100 });
      expect(browse.hits.at(-1)?.id).toBe(moved.id);
      expect(await index.remove(moved.id, 2)).toBe(true);
      expect((await index.search({ limit: 50, page: 100 })).hits.at(-1)?.id).toBe(docs[0].id);
      expect(index.size).toBe(4_999);
    });
  });

  it('forgets a word nobody holds any more, for prefixes and typos alike', async () => {
    const index = new MemorySearchIndex();
    const only = doc({ title: 'Zanzibarian bungalow' });
    await index.upsert(only);
    expect((await index.search({ search: 'zanzib' })).total).toBe(1);
    expect((await index.search({ search: 'zanzibarain' })).total).toBe(1);
    await index.remove(only.id);
    expect((await index.search({ search: 'zanzib' })).total).toBe(0);
    expect((await index.search({ search: 'zanzibarain' })).total).toBe(0);
  });

  it('keeps each town\'s and type\'s order through moves and removals', async () => {
    const index = new MemorySearchIndex();
    const towns = ['Douala', 'Buea', 'Kribi'];
    const docs = Array.from({ length: 300 }, (_, i) => doc({ day: 1 + i, town: towns[i % 3], propertyType: i % 2 ? 'studio' : 'apartment', price: 1_000 * (1 + (i % 17)) }));
    await index.upsertMany(docs);
    const inTown = (town: string, sort?: 'price-asc') =>
      docs.filter((d) => d.town === town).sort((a, b) => (sort ? a.monthlyPrice - b.monthlyPrice : 0) || b.createdAt.localeCompare(a.createdAt)).map((d) => d.id);
    expect((await index.search({ town: 'buea', limit: 50, page: 2 })).hits.map((h) => h.id)).toEqual(inTown('Buea').slice(50, 100));
    expect((await index.search({ town: 'Kribi', sort: 'price-asc', limit: 50 })).hits.map((h) => h.id)).toEqual(inTown('Kribi', 'price-asc').slice(0, 50));
    // A listing moved to Kribi leaves Douala's order and joins Kribi's; a removed one leaves both.
    const moved = { ...docs[0], town: 'Kribi', version: 2 };
    docs[0] = moved;
    await index.upsert(moved);
    await index.remove(docs[3].id);
    docs.splice(3, 1);
    expect((await index.search({ town: 'Douala', limit: 50 })).total).toBe(98);
    expect((await index.search({ town: 'Kribi', limit: 50, page: 3 })).hits.map((h) => h.id)).toEqual(inTown('Kribi').slice(100, 150));
    expect((await index.search({ town: 'Douala', propertyType: 'studio', limit: 50 })).hits.map((h) => h.id)).toEqual(
      docs.filter((d) => d.town === 'Douala' && d.propertyType === 'studio').reverse().map((d) => d.id),
    );
  });
});

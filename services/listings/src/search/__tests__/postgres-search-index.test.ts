import { createTestDatabase, type TestDatabase } from '@mboa/platform/testing';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { PostgresSearchIndex } from '../postgres-search-index.js';
import { describeSearchIndexContract } from './search-index.contract.js';
import { describeSearchRelevance } from './search-relevance.js';
import { doc } from './fixtures.js';

async function postgresIndex() {
  const db: TestDatabase = await createTestDatabase(['listings'], { prefix: 'listings_search' });
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }, { schema: 'listings' }) });
  const index = new PostgresSearchIndex(prisma);
  return {
    index,
    prisma,
    dispose: async () => {
      await prisma.$disconnect();
      await db.drop();
    },
  };
}

describeSearchIndexContract('PostgreSQL', postgresIndex);
describeSearchRelevance('PostgreSQL', postgresIndex);

describe('PostgresSearchIndex specifics', () => {
  let subject: Awaited<ReturnType<typeof postgresIndex>>;
  beforeAll(async () => {
    subject = await postgresIndex();
  });
  afterAll(() => subject.dispose());

  it('reports unhealthy when its tables are missing', async () => {
    const broken = new PostgresSearchIndex(subject.prisma, { schema: 'nowhere' });
    expect(await broken.health()).toMatchObject({ ok: false, backend: 'postgres' });
  });

  it('reads back every stored document as it was stored, in batches (a replica\'s copy in memory is built from them)', async () => {
    const index = new PostgresSearchIndex(subject.prisma);
    await index.clear();
    const docs = Array.from({ length: 7 }, (_, i) =>
      doc({ title: `Read back ${i}`, size: i % 2 ? null : 12.5 + i, amenities: i % 3 ? ['water', 'parking'] : [], controlKind: i === 2 ? 'owner' : null, paymentTerm: i === 4 ? 'daily' : 'monthly', area: i % 2 ? { lat: 4.0 + i / 1000, lng: 9.712345678901 } : null }),
    );
    await index.upsertMany(docs);
    const batches: string[][] = [];
    const read = [];
    for await (const batch of index.allDocuments(3)) {
      batches.push(batch.map((d) => d.id));
      read.push(...batch);
    }
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    const byId = (list: typeof docs) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(read)).toEqual(byId(docs));
    expect(await index.documents([docs[2].id, docs[5].id])).toEqual(expect.arrayContaining([docs[2], docs[5]]));
    expect(await index.watermark()).toMatchObject({ count: 7 });
    await index.clear();
  });

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => new PostgresSearchIndex(subject.prisma, { schema: 'listings; DROP' })).toThrow();
  });

  describe('past its count cap', () => {
    // 30 matching documents against a cap of 10: the same behaviour as 100,000 against 1,000.
    let capped: PostgresSearchIndex;
    const docs = Array.from({ length: 30 }, (_, i) => doc({ day: 100 + i, title: `Capped flat ${i}`, town: 'Ebolowa' }));
    beforeAll(async () => {
      capped = new PostgresSearchIndex(subject.prisma, { exactCountUpTo: 10 });
      await capped.upsertMany(docs);
    });
    afterAll(() => capped.removeMany(docs.map((d) => d.id)));

    it('says the total of a browse is a lower bound (the first page, 12 cards, counted)', async () => {
      expect(await capped.search({ town: 'Ebolowa' })).toMatchObject({ total: 12, totalIsLowerBound: true, totalPages: 1 });
    });

    it('counts a text search exactly: its ranking reads every match anyway', async () => {
      expect(await capped.search({ search: 'capped' })).toMatchObject({ total: 30, totalIsLowerBound: false, totalPages: 3 });
      expect(await capped.search({ search: 'capped', town: 'Ebolowa', page: 3 })).toMatchObject({ total: 30, totalIsLowerBound: false });
    });

    it('still answers every page in order, and never counts below the page asked for', async () => {
      const newestFirst = [...docs].reverse().map((d) => d.id);
      const third = await capped.search({ town: 'Ebolowa', limit: 5, page: 3 });
      expect(third.hits.map((h) => h.id)).toEqual(newestFirst.slice(10, 15));
      expect(third).toMatchObject({ total: 15, totalIsLowerBound: true, totalPages: 3 });
      const last = await capped.search({ town: 'Ebolowa', limit: 10, page: 3 });
      expect(last).toMatchObject({ total: 30, totalIsLowerBound: false, totalPages: 3 });
      expect(last.hits.map((h) => h.id)).toEqual(newestFirst.slice(20, 30));
    });

    it('is exact at or under the cap', async () => {
      expect(await capped.search({ town: 'Ebolowa', maxPrice: 99_999 })).toMatchObject({ total: 0, totalIsLowerBound: false, hits: [] });
      const few = await capped.search({ search: 'capped', town: 'Ebolowa', limit: 50, page: 1 });
      expect(few).toMatchObject({ total: 30, totalIsLowerBound: false, totalPages: 1 });
    });
  });
});

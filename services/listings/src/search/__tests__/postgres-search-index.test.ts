import { createTestDatabase, type TestDatabase } from '@mboa/platform/testing';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { PostgresSearchIndex } from '../postgres-search-index.js';
import { describeSearchIndexContract } from './search-index.contract.js';

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

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => new PostgresSearchIndex(subject.prisma, { schema: 'listings; DROP' })).toThrow();
  });
});

import { createTestDatabase, type TestDatabase } from '@mboa/platform/testing';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { doc } from '../search/__tests__/fixtures.js';
import type { SearchDocument } from '../search/search-document.js';
import { searchWordsFingerprint } from '../search/search-fingerprint.js';
import { PostgresSearchIndex } from '../search/postgres-search-index.js';
import { refreshSearchWords } from './search-words-refresh.js';

let db: TestDatabase;
let prisma: PrismaClient;
let index: PostgresSearchIndex;

beforeAll(async () => {
  db = await createTestDatabase(['listings'], { prefix: 'listings_words' });
  prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }, { schema: 'listings' }) });
  index = new PostgresSearchIndex(prisma);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await db?.drop();
});

const ids = async (search: string) => (await index.search({ search, limit: 50 })).hits.map((h) => h.id);

/** The stored document as an index written before the French words were added would hold it. */
async function withoutLabelWords(id: string) {
  await prisma.$executeRawUnsafe(
    `UPDATE listings.search_documents SET search_vector = to_tsvector('simple', 'old words'),
       title_vector = to_tsvector('simple', 'old'), place_vector = to_tsvector('simple', 'words') WHERE property_id = $1::uuid`,
    id,
  );
}

function batches(docs: SearchDocument[], size: number, between: (batch: number) => Promise<void>) {
  return async function* () {
    for (let i = 0; i * size < docs.length; i++) {
      await between(i);
      yield { docs: docs.slice(i * size, (i + 1) * size) };
    }
  };
}

test('documents indexed under an old fingerprint are found by the French words after the refresh, and the fingerprint is recorded', async () => {
  const flats = Array.from({ length: 6 }, (_, i) => doc({ title: `Old flat ${i}`, propertyType: 'apartment', amenities: ['ac'] }));
  await index.upsertMany(flats);
  for (const f of flats) await withoutLabelWords(f.id);
  await index.wordsRefresh.storeFingerprint('an-older-fingerprint');
  expect(await ids('appartement')).toEqual([]);

  const lines: string[] = [];
  const outcome = await refreshSearchWords({ index, documents: batches(flats, 2, async () => {}), log: (l) => lines.push(l) });

  expect(outcome).toMatchObject({ state: 'refreshed', documents: 6, rewritten: 6 });
  expect((await ids('appartement')).sort()).toEqual(flats.map((f) => f.id).sort());
  expect((await ids('climatisation')).length).toBe(6);
  expect(await index.wordsRefresh.storedFingerprint()).toBe(searchWordsFingerprint());
  expect(lines).toEqual([expect.stringMatching(/6 of 6 .* in \d+\.\d s/)]);
  // Nothing to do the second time.
  expect(await refreshSearchWords({ index, documents: batches(flats, 2, async () => {}) })).toEqual({ state: 'current' });
});

test('search answers during the refresh; a newer upsert and a removal landing meanwhile are kept', async () => {
  const shops = Array.from({ length: 6 }, (_, i) => doc({ title: `Shop ${i}`, propertyType: 'shop', town: 'Bafang' }));
  await index.upsertMany(shops);
  for (const s of shops) await withoutLabelWords(s.id);
  await index.wordsRefresh.storeFingerprint('an-older-fingerprint');
  const [, , renamed, removed] = shops;
  const seenDuring: number[] = [];

  const outcome = await refreshSearchWords({
    index,
    documents: batches(shops, 2, async (batch) => {
      if (batch === 1) {
        // The refresh read these two before the indexer stored a newer version and removed one.
        await index.upsert({ ...renamed, title: 'Renamed kiosk zebrawood', version: 2 });
        await index.remove(removed.id, 2);
        seenDuring.push((await index.search({ town: 'Bafang', limit: 50 })).total);
      }
    }),
  });

  expect(outcome).toMatchObject({ state: 'refreshed', documents: 6, rewritten: 4 });
  expect(seenDuring).toEqual([5]);
  const found = await ids('magasin');
  expect(found).not.toContain(removed.id);
  expect(found).toContain(renamed.id);
  expect((await index.search({ search: 'zebrawood' })).hits.map((h) => [h.id, h.version])).toEqual([[renamed.id, 2]]);
  expect(found.length).toBe(5);
});

test('only one replica refreshes: another holding the lock makes it skip, leaving the fingerprint for the next start', async () => {
  await index.wordsRefresh.storeFingerprint('an-older-fingerprint');
  const inner = await index.wordsRefresh.exclusively(() => refreshSearchWords({ index, documents: batches([], 1, async () => {}) }));
  expect(inner).toEqual({ state: 'busy' });
  expect(await index.wordsRefresh.storedFingerprint()).toBe('an-older-fingerprint');
});

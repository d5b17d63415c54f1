// Timings of the PostgreSQL adapter on 100,000 documents, with the plans of its statements.
// Off by default (it takes about a minute): SEARCH_BENCH=1 node scripts/jest.mjs --selectProjects listings search-benchmark
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@mboa/platform/testing';
import { AMENITIES, PROPERTY_TYPES_BY_CATEGORY, TOWNS } from '@mboa/contracts';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { PostgresSearchIndex, type SqlClient } from '../postgres-search-index.js';
import { monthlyPriceOf, type SearchDocument } from '../search-document.js';
import type { SearchQuery } from '../search-index.js';

const COUNT = Number(process.env.SEARCH_BENCH_DOCS ?? 100_000);
const RUNS = 40;
const run = process.env.SEARCH_BENCH === '1' ? describe : describe.skip;

// Deterministic pseudo-random numbers, so runs compare.
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

const ADJECTIVES = ['modern', 'spacious', 'cozy', 'bright', 'quiet', 'furnished', 'new', 'secure', 'large', 'small', 'luxury', 'affordable'];
const NEIGHBOURHOODS = ['Bonapriso', 'Akwa', 'Bonamoussadi', 'Makepe', 'Bastos', 'Mvog-Mbi', 'Molyko', 'Nkwen', 'Down Beach', 'Biyem-Assi', 'Logpom', 'Kotto', 'Ngoa-Ekelle', 'Essos', 'Mile 17'];
const WORDS = 'water electricity parking tiled floor kitchen balcony view garden fence gate guard road school market church hospital bus taxi close near far family student couple business shop office storage clean paint ceiling window door toilet shower bath well borehole generator solar internet fibre road tarred access quiet street neighbourhood friendly calm busy centre downtown'.split(' ');

function town(): string {
  const r = rnd();
  if (r < 0.25) return 'Douala';
  if (r < 0.45) return 'Yaounde';
  return pick(TOWNS);
}

function generate(i: number): SearchDocument {
  const category = rnd() < 0.8 ? 'residential' : 'commercial';
  const type = pick(PROPERTY_TYPES_BY_CATEGORY[category]);
  const rooms = 1 + Math.floor(rnd() * 6);
  const createdAt = new Date(Date.UTC(2024, 0, 1) + i * 60_000 + Math.floor(rnd() * 30_000)).toISOString();
  const description = Array.from({ length: 20 + Math.floor(rnd() * 60) }, () => pick(WORDS)).join(' ');
  const paymentTerm = pick(['daily', 'monthly', 'quarterly', 'yearly']);
  const price = 10_000 * (1 + Math.floor(rnd() * 100));
  return {
    id: randomUUID(),
    ownerId: randomUUID(),
    title: `${pick(ADJECTIVES)} ${type} ${pick(['for rent', 'available', 'in town', 'near the road', ''])}`.trim(),
    description,
    category,
    propertyType: type,
    paymentTerm,
    price,
    monthlyPrice: monthlyPriceOf(price, paymentTerm),
    caution: 0,
    country: 'Cameroon',
    town: town(),
    neighbourhood: pick(NEIGHBOURHOODS),
    rooms,
    bedrooms: category === 'residential' ? rooms : null,
    toilets: 1,
    kitchens: 1,
    livingRooms: 1,
    size: 50,
    distanceFromRoad: 5,
    sections: category === 'commercial' ? rooms : null,
    // The k-th amenity in 1 of k + 3 documents (water a third, gym a twelfth), without drawing from
    // rnd so the other fields stay those of earlier runs.
    amenities: AMENITIES.filter((_, k) => (i + k * 13) % (k + 3) === 0),
    thumbnailUrl: `/media/${i}-thumb.webp`,
    imageCount: 3,
    controlKind: null,
    area: null,
    createdAt,
    version: 1,
    sourceUpdatedAt: createdAt,
  };
}

/** Records the statements the index sends, to EXPLAIN them afterwards. */
function recording(db: SqlClient, log: Array<{ sql: string; values: unknown[] }>): SqlClient {
  function transaction(statements: PromiseLike<unknown>[]): PromiseLike<unknown[]>;
  function transaction<R>(work: (tx: Pick<SqlClient, '$queryRawUnsafe'>) => Promise<R>, options?: { timeout?: number }): Promise<R>;
  function transaction<R>(
    arg: PromiseLike<unknown>[] | ((tx: Pick<SqlClient, '$queryRawUnsafe'>) => Promise<R>),
    options?: { timeout?: number },
  ): PromiseLike<unknown[]> | Promise<R> {
    return typeof arg === 'function' ? db.$transaction(arg, options) : db.$transaction(arg);
  }
  return {
    $queryRawUnsafe: (sql: string, ...values: unknown[]) => {
      log.push({ sql, values });
      return db.$queryRawUnsafe(sql, ...values);
    },
    $executeRawUnsafe: (sql: string, ...values: unknown[]) => db.$executeRawUnsafe(sql, ...values),
    $transaction: transaction,
  };
}

const QUERIES: Array<[string, SearchQuery]> = [
  ['browse, page 1', {}],
  ['browse, page 200', { page: 200 }],
  ['town=douala', { town: 'Douala' }],
  ['residential apartment, rooms>=3, 50k-200k', { category: 'residential', propertyType: 'apartment', rooms: 3, minPrice: 50_000, maxPrice: 200_000 }],
  ['price 500k-510k', { minPrice: 500_000, maxPrice: 510_000 }],
  ['browse, cheapest first', { sort: 'price-asc' }],
  ['browse, dearest first, page 200', { sort: 'price-desc', page: 200 }],
  ['town=douala, cheapest first', { town: 'Douala', sort: 'price-asc' }],
  ['town=kribi, dearest first', { town: 'Kribi', sort: 'price-desc' }],
  ['residential apartment, rooms>=3, cheapest', { category: 'residential', propertyType: 'apartment', rooms: 3, sort: 'price-asc' }],
  ['text "apartment", cheapest first', { search: 'apartment', sort: 'price-asc' }],
  ['text "douala" (25% match)', { search: 'douala' }],
  ['text "apartment"', { search: 'apartment' }],
  ['text "apartmnt doula" (typos)', { search: 'apartmnt doula' }],
  ['text "bonapriso" (neighbourhood)', { search: 'bonapriso' }],
  ['text "modern" + yaounde + rooms>=2', { search: 'modern', town: 'Yaounde', rooms: 2 }],
  ['text "spacious duplex garden"', { search: 'spacious duplex garden' }],
  ['text "warehuose" + commercial', { search: 'warehuose', category: 'commercial' }],
  ['text "bal" (prefix)', { search: 'bal' }],
  ['text "appartement" (French type)', { search: 'appartement' }],
  ['text "electricite" (French amenity)', { search: 'electricite' }],
  ['text "chambre meublée douala"', { search: 'chambre meublée douala' }],
  ['text "boutique clim"', { search: 'boutique clim' }],
];

run(`PostgresSearchIndex on ${COUNT} documents`, () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let index: PostgresSearchIndex;
  const log: Array<{ sql: string; values: unknown[] }> = [];

  beforeAll(async () => {
    db = await createTestDatabase(['listings'], { prefix: 'listings_bench' });
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }, { schema: 'listings' }) });
    index = new PostgresSearchIndex(recording(prisma, log));
    const started = Date.now();
    const batch: SearchDocument[] = [];
    for (let i = 0; i < COUNT; i++) {
      batch.push(generate(i));
      if (batch.length === 1000) await index.upsertMany(batch.splice(0));
    }
    await index.upsertMany(batch);
    await prisma.$executeRawUnsafe('VACUUM ANALYZE listings.search_documents');
    await prisma.$executeRawUnsafe('VACUUM ANALYZE listings.search_terms');
    console.log(`indexed ${COUNT} documents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 600_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    if (process.env.SEARCH_BENCH_KEEP === '1') console.log(`kept database ${db?.url}`);
    else await db?.drop();
  });

  it('answers each query shape fast, using the indexes', async () => {
    const lines: string[] = [];
    for (const [name, query] of QUERIES) {
      await index.search(query); // warm-up
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        total = (await index.search(query)).total;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
      lines.push(`${name.padEnd(45)} total=${String(total).padStart(6)}  p50=${p(0.5)} ms  p95=${p(0.95)} ms`);

      log.length = 0;
      await index.search(query);
      for (const { sql, values } of log) {
        // Text statements run with enable_seqscan off (see PostgresSearchIndex.withTextPlan).
        const [, plan] = (await prisma.$transaction([
          prisma.$executeRawUnsafe(`SET LOCAL enable_seqscan = ${sql.includes('search_vector @@') ? 'off' : 'on'}`),
          prisma.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, ...values),
        ])) as [number, Array<{ 'QUERY PLAN': string }>];
        lines.push(`  -- ${sql.replace(/\s+/g, ' ').slice(0, 90)}…`);
        for (const row of plan) lines.push(`     ${row['QUERY PLAN']}`);
      }
    }
    console.log(lines.join('\n'));
  }, 600_000);
});

#!/usr/bin/env node
// What the price check (services/listings/src/properties/price-check.ts) costs per read at 100,000
// listings (results in docs/benchmarks.md#prices-that-look-wrong):
//
//   node scripts/bench/price-check.mjs [--listings 100000] [--reads 3000] [--reuse]
//
// Loads a separate database, mboa_price_bench (the development and bench databases are untouched),
// with listings spread as a real market is, not evenly: 30 % in Douala, 20 % in Yaounde, the rest
// over ten towns; four payment terms; about 6 % not public (pending, rented) and 1 owner in 25
// banned. Then times the built listings code's comparablePrices for random listings, and the
// largest group once more with the partial index dropped (in a transaction that is rolled back).
// --reuse keeps a database already loaded with as many listings.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: { listings: { type: 'string', default: '100000' }, reads: { type: 'string', default: '3000' }, reuse: { type: 'boolean', default: false } },
});
const LISTINGS = Number(values.listings);
const READS = Number(values.reads);
const serverUrl = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'mboa_price_bench';
const dbUrl = serverUrl.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`);
const say = (line) => console.log(`[price-check] ${line}`);

function run(title, command, args, env = process.env) {
  say(title);
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
  if (result.status !== 0) throw new Error(`${title} failed (exit ${result.status})`);
}

async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function loaded() {
  try {
    const [row] = await query(dbUrl, 'SELECT count(*)::int AS n FROM listings.properties');
    return row.n === LISTINGS;
  } catch {
    return false;
  }
}

async function load() {
  await query(serverUrl, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [dbName]);
  await query(serverUrl, `DROP DATABASE IF EXISTS ${dbName}`);
  await query(serverUrl, `CREATE DATABASE ${dbName}`);
  run('applying listings migrations…', process.execPath, ['scripts/db.mjs', 'deploy', 'listings'], { ...process.env, DATABASE_URL: dbUrl });
  const started = Date.now();
  await query(
    dbUrl,
    `INSERT INTO listings.owners (id, name, email, whatsapp, proven_whatsapp, whatsapp_proven_at, role, is_verified, banned, version, updated_at)
     SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Bench Landlord ' || g, 'bench' || g || '@example.cm',
            '6' || lpad((70000000 + g)::text, 8, '0'), '6' || lpad((70000000 + g)::text, 8, '0'), now(), 'landlord', true, g % 25 = 0, 1, now()
     FROM generate_series(1, 500) g`,
  );
  await query(
    dbUrl,
    `INSERT INTO listings.properties (id, owner_id, category, property_type, title, description, price, caution, payment_term,
        status, is_verified, review_state, reviewed_at, country, town, neighbourhood, version, created_at, updated_at)
     SELECT gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad((1 + g % 500)::text, 12, '0'))::uuid,
            (CASE WHEN g % 3 = 0 THEN 'commercial' ELSE 'residential' END)::listings."PropertyCategory",
            CASE WHEN g % 3 = 0 THEN (ARRAY['office','shop','warehouse','container'])[1 + (g / 3) % 4]
                 ELSE (ARRAY['Single Room','studio','apartment','duplex','bungalow','Guest House'])[1 + (g / 3) % 6] END,
            'Bench ' || g, 'Bench listing', (10 + (g * 7919) % 490) * 1000, 0,
            (ARRAY['daily','monthly','quarterly','yearly'])[1 + (g / 7) % 4]::listings."PaymentTerm",
            (CASE WHEN g % 50 = 1 THEN 'rented' ELSE 'available' END)::listings."PropertyStatus",
            g % 25 <> 2, (CASE WHEN g % 25 = 2 THEN 'pending' ELSE 'approved' END)::listings."ReviewState", now(), 'Cameroon',
            CASE WHEN g % 10 < 3 THEN 'Douala' WHEN g % 10 < 5 THEN 'Yaounde'
                 ELSE (ARRAY['Buea','Limbe','Bamenda','Bafoussam','Kribi','Garoua','Maroua','Kumba','Ebolowa','Bertoua'])[1 + (g / 10) % 10] END,
            'Molyko', 1, now() - (g || ' minutes')::interval, now()
     FROM generate_series(1, $1::int) g`,
    [LISTINGS],
  );
  // A bulk load leaves the visibility map empty until autovacuum comes by; index-only scans need it.
  await query(dbUrl, 'VACUUM ANALYZE listings.properties');
  await query(dbUrl, 'VACUUM ANALYZE listings.owners');
  say(`loaded ${LISTINGS} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(2);

async function main() {
  // The code that ships: nx rebuilds listings (and what it reads) only when its sources changed.
  run('building listings…', 'npx', ['nx', 'run-many', '-t', 'build', '-p', '@mboa/listings', '--outputStyle=static'], {
    ...process.env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
  });
  const { comparablePrices } = await import('../../services/listings/dist/properties/price-check.js');
  const { PrismaClient } = await import('../../services/listings/dist/generated/prisma/client.js');

  if (values.reuse && (await loaded())) say(`reusing ${dbName} (${LISTINGS} listings)`);
  else await load();

  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: dbUrl, max: 2 }, { schema: 'listings' }) });
  const listings = await db.$queryRaw`SELECT id::text AS id, town, property_type AS "propertyType", payment_term::text AS "paymentTerm", price
    FROM listings.properties ORDER BY random() LIMIT ${READS}::int`;
  const warmUp = Math.min(200, Math.floor(listings.length / 10));
  const times = [];
  let largest = { comparables: -1 };
  for (const [i, listing] of listings.entries()) {
    const started = process.hrtime.bigint();
    const prices = await comparablePrices(db, listing);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (i >= warmUp) times.push(ms);
    if (prices.comparables > largest.comparables) largest = { ...listing, comparables: prices.comparables };
  }
  times.sort((a, b) => a - b);
  say(`${times.length} reads through Prisma: p50 ${percentile(times, 0.5)} ms, p95 ${percentile(times, 0.95)} ms, p99 ${percentile(times, 0.99)} ms, max ${percentile(times, 1)} ms`);
  say(`largest group: ${largest.propertyType} in ${largest.town}, ${largest.paymentTerm === 'daily' ? 'daily' : 'long'} stays, ${largest.comparables} comparables`);

  const timed = async (client, rounds = 20) => {
    const each = [];
    for (let i = 0; i < rounds; i++) {
      const started = process.hrtime.bigint();
      await comparablePrices(client, largest);
      each.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return each.sort((a, b) => a - b);
  };
  const withIndex = await timed(db);
  say(`largest group, with properties_price_check_idx: median ${percentile(withIndex, 0.5)} ms over ${withIndex.length} reads`);
  await db
    .$transaction(async (tx) => {
      await tx.$executeRawUnsafe('DROP INDEX listings.properties_price_check_idx');
      const without = await timed(tx, 5);
      say(`largest group, without it: median ${percentile(without, 0.5)} ms over ${without.length} reads`);
      throw new Error('rollback');
    })
    .catch((error) => {
      if (error.message !== 'rollback') throw error;
    });
  const [size] = await query(
    dbUrl,
    `SELECT pg_size_pretty(pg_relation_size('listings.properties_price_check_idx')) AS index, pg_size_pretty(pg_relation_size('listings.properties')) AS "table"`,
  );
  say(`index ${size.index}, table ${size.table}`);
  await db.$disconnect();
}

await main();

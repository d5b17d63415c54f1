#!/usr/bin/env node
// npm run bench: loads 100,000 synthetic listings into a separate database and search index, starts
// the gateway with the auth and listings services on it, drives it with 50 concurrent connections
// (autocannon) and prints latency percentiles and throughput per call; then times the image
// pipeline on a 12-megapixel photo. Nothing touches the development database.
//
//   BENCH_LISTINGS=100000 BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServers } from '../infra/scripts/ensure-servers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3999);
const serverUrl = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchDb = 'mboa_bench';
const benchUrl = serverUrl.replace(/\/[^/?]*(\?|$)/, `/${benchDb}$1`);
const base = `http://127.0.0.1:${PORT}`;
const say = (line) => console.log(`[bench] ${line}`);

function run(title, command, args, env = process.env) {
  say(title);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${title} failed (exit ${result.status})`);
}

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [benchDb]);
  await admin.query(`DROP DATABASE IF EXISTS ${benchDb}`);
  await admin.query(`CREATE DATABASE ${benchDb}`);
  await admin.end();
  run('applying migrations to the bench database…', process.execPath, ['scripts/db.mjs', 'deploy', 'auth', 'listings'], {
    ...process.env,
    DATABASE_URL: benchUrl,
  });
}

async function loadListings() {
  const { TOWNS, PROPERTY_TYPES_BY_CATEGORY } = await import('../libs/contracts/dist/index.js');
  const db = new pg.Client({ connectionString: benchUrl });
  await db.connect();
  const started = Date.now();
  await db.query(`
    INSERT INTO listings.owners (id, name, email, whatsapp, role, is_verified, banned, version, updated_at)
    SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Bench Landlord ' || g, 'bench' || g || '@example.cm',
           '6' || lpad((70000000 + g)::text, 8, '0'), 'landlord', true, false, 1, now()
    FROM generate_series(1, 50) g`);
  const chunk = 10_000;
  for (let offset = 0; offset < LISTINGS; offset += chunk) {
    const n = Math.min(chunk, LISTINGS - offset);
    await db.query(
      `INSERT INTO listings.properties (id, owner_id, category, property_type, title, description, price, caution, payment_term,
         status, is_verified, review_state, reviewed_at, country, town, neighbourhood, amenities, bedrooms, toilets, kitchens,
         living_rooms, size, distance_from_road, sections, version, created_at, updated_at)
       SELECT gen_random_uuid(),
              ('00000000-0000-4000-8000-' || lpad((1 + g % 50)::text, 12, '0'))::uuid,
              c.category::listings."PropertyCategory",
              c.ptype,
              initcap(c.ptype) || ' ' || (ARRAY['near the market','with parking','close to the road','in a quiet area','newly built','with water tank','fully tiled','with balcony'])[1 + g % 8] || ' in ' || t.town,
              'A ' || lower(c.ptype) || ' in ' || t.town || ' with ' || (1 + g % 5) || ' rooms, steady water and electricity, ' ||
                (ARRAY['walking distance to schools','near the main road','secure compound','good neighbourhood','close to the hospital'])[1 + g % 5] || '.',
              (10 + (g * 7919) % 490) * 1000,
              (g % 4) * 50000,
              (ARRAY['daily','monthly','quarterly','yearly'])[1 + g % 4]::listings."PaymentTerm",
              'available', true, 'approved', now(), 'Cameroon', t.town,
              (ARRAY['Molyko','Bonapriso','Akwa','Bastos','Mile 4','Bonamoussadi','Up Station','Great Soppo','Makepe','Nkolbisson'])[1 + g % 10],
              ARRAY['water','electricity'],
              CASE WHEN c.category = 'residential' THEN 1 + g % 6 END, 1 + g % 3, 1, 1,
              20 + (g % 200), 1 + g % 30,
              CASE WHEN c.category = 'commercial' THEN 1 + g % 6 END,
              1, now() - (g || ' minutes')::interval, now()
       FROM generate_series($1::int, $2::int) g
       CROSS JOIN LATERAL (SELECT ($3::text[])[1 + (g * 31) % array_length($3::text[], 1)] AS town) t
       CROSS JOIN LATERAL (
         SELECT CASE WHEN g % 3 = 0 THEN 'commercial' ELSE 'residential' END AS category,
                CASE WHEN g % 3 = 0 THEN ($5::text[])[1 + (g / 3) % array_length($5::text[], 1)]
                     ELSE ($4::text[])[1 + (g / 3) % array_length($4::text[], 1)] END AS ptype) c`,
      [offset + 1, offset + n, TOWNS, PROPERTY_TYPES_BY_CATEGORY.residential, PROPERTY_TYPES_BY_CATEGORY.commercial],
    );
    say(`loaded ${offset + n} / ${LISTINGS} listings (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.query(`
    INSERT INTO listings.property_images (id, property_id, position, large_key, large_url, thumb_key, thumb_url, width, height, thumb_width, thumb_height, alt)
    SELECT gen_random_uuid(), id, 0, 'properties/bench/large.webp', '/media/properties/bench/large.webp',
           'properties/bench/thumb.webp', '/media/properties/bench/thumb.webp', 1024, 768, 320, 240, title
    FROM listings.properties`);
  await db.query('ANALYZE');
  const { rows } = await db.query('SELECT id FROM listings.properties ORDER BY random() LIMIT 1000');
  await db.end();
  return rows.map((r) => r.id);
}

function startApp(name, file, env) {
  const child = spawn(process.execPath, [file], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (d) => process.env.BENCH_VERBOSE && process.stderr.write(`${name} | ${d}`));
  return child;
}

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the bench gateway did not become healthy');
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One measured run; latencies are collected per response so any percentile can be read. */
function drive(title, options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const { path: target, ...rest } = options;
    const url = target ? base + target : base;
    const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...rest }, (err, result) => {
      if (err) return reject(err);
      latencies.sort((a, b) => a - b);
      resolve({
        call: title,
        'p50 ms': +percentile(latencies, 50).toFixed(1),
        'p95 ms': +percentile(latencies, 95).toFixed(1),
        'p99 ms': +percentile(latencies, 99).toFixed(1),
        'req/s': Math.round(result.requests.average),
        errors: result.non2xx + result.errors + result.timeouts,
      });
    });
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

async function main() {
  if (process.env.SKIP_BUILD !== '1') run('building…', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' });
  await ensureServers({ log: say });
  await prepareDatabase();
  const ids = await loadListings();
  const env = {
    ...process.env,
    DATABASE_URL: benchUrl,
    NATS_SUBJECT_PREFIX: 'bench.',
    EVENTS_STREAM: 'BENCH_EVENTS',
    REDIS_PREFIX: 'bench:',
    PORT: String(PORT),
    SERVICES: 'auth,listings',
    MEILI_URL: process.env.BENCH_MEILI_URL ?? '',
    LOG_LEVEL: 'warn',
  };
  if (!env.MEILI_URL) delete env.MEILI_URL;
  run('building the search index from the database…', process.execPath, ['services/listings/dist/cli/search-reindex.js'], env);

  const apps = [
    startApp('auth', 'services/auth/dist/main.js', env),
    startApp('listings', 'services/listings/dist/main.js', env),
    startApp('gateway', 'gateway/dist/main.js', env),
  ];
  const stop = () => apps.forEach((a) => a.kill('SIGTERM'));
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    await waitForHealth();
    say(`driving the gateway: ${CONNECTIONS} connections, ${SECONDS} s per call, ${LISTINGS} listings`);
    let next = 0;
    const results = [];
    const scenarios = [
      ['search, no filters', { path: '/api/properties/search' }],
      ['search, town + type + price', { path: '/api/properties/search?town=Douala&propertyType=apartment&minPrice=50000&maxPrice=250000' }],
      ['search, text', { path: '/api/properties/search?search=apartment%20parking' }],
      ['search, one-letter typo', { path: '/api/properties/search?search=apartmnt' }],
      ['property details', { requests: [{ setupRequest: (req) => ({ ...req, path: `/api/properties/${ids[next++ % ids.length]}` }) }] }],
    ];
    for (const [title, options] of scenarios) {
      // A wrong answer measured fast is worthless: check one answer first.
      const probe = options.path ?? `/api/properties/${ids[0]}`;
      const res = await fetch(base + probe);
      const body = await res.json();
      if (res.status !== 200 || !(body.properties?.length > 0 || body.id)) {
        throw new Error(`${title}: ${probe} answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
      // Warm-up, then the measured run.
      await drive(title, { ...options, duration: 2 });
      const result = await drive(title, options);
      if (result.errors > 0) say(`warning: ${title} had ${result.errors} failed requests`);
      results.push(result);
      say(`${title}: p95 ${result['p95 ms']} ms, ${result['req/s']} req/s`);
    }
    console.table(results);
  } finally {
    stop();
  }

  const pipeline = path.join(root, 'services/media/bench/pipeline.bench.mjs');
  if (existsSync(pipeline)) run('timing the image pipeline on a 12-megapixel photo…', process.execPath, [pipeline]);
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

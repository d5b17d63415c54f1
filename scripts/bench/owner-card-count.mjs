// What the details answer's owner card (activeListings, counted in the details statement) costs, on
// npm run bench's data shape: 100,000 listings over 50 owners, 2,000 each, so every count walks
// 2,000 of one owner's listings (docs/benchmarks.md "The owner card's count").
// Usage: node scripts/bench/owner-card-count.mjs   (REUSE=1 keeps the loaded database)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'mboa_owner_card_bench';
const url = server.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`);
if (!process.env.REUSE) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const r = spawnSync(process.execPath, ['scripts/db.mjs', 'deploy', 'listings'], { cwd: root, env: { ...process.env, DATABASE_URL: url }, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}
const db = new pg.Client({ connectionString: url });
await db.connect();
if (!process.env.REUSE) {
  await db.query(`INSERT INTO listings.owners (id, name, email, whatsapp, proven_whatsapp, whatsapp_proven_at, role, is_verified, banned, version, updated_at, member_since)
    SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Bench Landlord ' || g, 'b' || g || '@example.cm', '677000000', '677000000', now(), 'landlord', true, false, 1, now(), now()
    FROM generate_series(1, 50) g`);
  await db.query(`INSERT INTO listings.properties (id, owner_id, category, property_type, title, description, price, payment_term, status, is_verified, review_state, town, neighbourhood, created_at, updated_at)
    SELECT gen_random_uuid(), ('00000000-0000-4000-8000-' || lpad((1 + g % 50)::text, 12, '0'))::uuid, 'residential', 'apartment', 'T ' || g, 'D', 50000, 'monthly',
           (CASE WHEN g % 10 = 0 THEN 'rented' ELSE 'available' END)::listings."PropertyStatus", true, 'approved', 'Buea', 'Molyko', now() - (g || ' minutes')::interval, now()
    FROM generate_series(1, 100000) g`);
  await db.query(`INSERT INTO listings.property_images (id, property_id, position, large_key, large_url, thumb_key, thumb_url, width, height, alt)
    SELECT gen_random_uuid(), id, 0, 'k', '/media/k', 't', '/media/t', 1024, 768, title FROM listings.properties`);
  await db.query('VACUUM ANALYZE');
}
const ids = (await db.query('SELECT id FROM listings.properties ORDER BY random() LIMIT 500')).rows.map((r) => r.id);
const base = (extra) => `
  SELECT p.*, COALESCE((SELECT jsonb_agg(jsonb_build_object('id', i.id, 'url', i.large_url) ORDER BY i.position)
           FROM listings.property_images i WHERE i.property_id = p.id), '[]'::jsonb) AS images,
         CASE WHEN o.id IS NULL THEN NULL ELSE jsonb_build_object('id', o.id, 'name', o.name, 'memberSince', to_char(o.member_since, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS owner
         ${extra}
  FROM listings.properties p LEFT JOIN listings.owners o ON o.id = p.owner_id
  WHERE p.id = ANY($1::uuid[]) AND p.deleted_at IS NULL`;
// rules/visibility.ts publiclyVisibleSql, as property-reader.ts counts it.
const count = `, (SELECT count(*)::int FROM listings.properties q WHERE q.owner_id = o.id AND (q.deleted_at IS NULL AND q.is_verified AND q.review_state = 'approved'
    AND q.status = 'available' AND NOT o.banned AND q.held_at IS NULL
    AND q.availability_confirmed_at > (now() AT TIME ZONE 'UTC') - interval '45 days')) AS "activeListings"`;
/** Median and p95 of PostgreSQL's own execution time over the sample (the machine's other load matters less). */
async function time(label, sql) {
  const ms = [];
  for (const id of ids) {
    const plan = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, [[id]]);
    ms.push(plan.rows[0]['QUERY PLAN'][0]['Execution Time']);
  }
  ms.sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(3);
  console.log(`${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms per details statement (${ms.length} random listings)`);
}
await time('without the count              ', base(''));
await time('with the count                 ', base(count));
await db.query('BEGIN');
await db.query('DROP INDEX listings.properties_owner_public_idx');
await time('with the count, without its index', base(count));
await db.query('ROLLBACK');
await time('without the count              ', base(''));
await time('with the count                 ', base(count));
await db.end();

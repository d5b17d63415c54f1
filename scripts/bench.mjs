#!/usr/bin/env node
// npm run bench: loads 100,000 synthetic listings (English and French text) into a separate database
// and search index, starts the gateway with the auth and listings services on it and drives it with
// realistic mixes: thousands of distinct searches (filters, pages 1-5, words with typos; see
// bench/mix.mjs) and details over every id, as JSON calls, then the home and details pages as HTML
// drawn by the server (a visitor not signed in; the web app built with its renderer, see
// bench/web-build.mjs). Each mix runs closed loop (50 connections) and open loop (a fixed rate),
// and the same loads go to a bare Node server answering the same bodies, the floor of what this
// machine can do. Then it times the image pipeline. The development database is untouched.
// Most listings have a pin (17 in 20, their area centres within BENCH_AREA_SPREAD_DEG of their town,
// bench/mix.mjs benchTownCentres), so the search group also runs searches by area: map boxes
// (search-box), nearest first from a place (search-distance) and the map's points (map).
//
//   BENCH_LISTINGS=100000 BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_SEARCH_URLS=4000 \
//   BENCH_SEARCH_RATE=100 BENCH_DETAILS_RATE=200 BENCH_HOME_PAGE_URLS=2000 \
//   BENCH_HOME_PAGE_RATE=100 BENCH_DETAILS_PAGE_RATE=200 npm run bench
//   BENCH_REUSE=1 keeps an already loaded bench database; BENCH_ONLY=search,details,home-page,details-page
//   runs some of the mixes (search: the text and filter mix and the area ones; search-box,
//   search-distance or map alone); BENCH_AREA_URLS=2000 distinct URLs per area mix;
//   BENCH_CPU_PROF=<dir> writes the gateway's and listings' CPU profiles there; BENCH_LOG_LEVEL=info
//   measures with the access log on (default warn). With the search group (or BENCH_ONLY=counting), it
//   also prints what counting a search for staff's figures costs per request (bench/search-counting.mjs).
// BENCH_TRACING=on starts the apps with tracing on (OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local
// OTLP sink that accepts and drops; bench/otlp-sink.mjs); BENCH_TRACING=both runs every chosen mix with
// tracing off, then on, then off and on again (the apps restarted each time, the same session and
// URLs), and prints what tracing costs per request. Unset: tracing off, as in production by default.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureServers } from '../infra/scripts/ensure-servers.mjs';
import { closedLoop, cpuMs, floorServer, openLoop, parentOf } from './bench/drive.mjs';
import { startOtlpSink } from './bench/otlp-sink.mjs';
import { measureCounting } from './bench/search-counting.mjs';
import {
  areaMix,
  BENCH_AREA_SPREAD_DEG,
  benchTownCentres,
  DESCRIPTION_PHRASES,
  homePageMix,
  NEIGHBOURHOODS,
  searchMix,
  TITLE_PHRASES,
} from './bench/mix.mjs';
import { builtWebApp } from './bench/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SEARCH_URLS = Number(process.env.BENCH_SEARCH_URLS ?? 4_000);
const AREA_URLS = Number(process.env.BENCH_AREA_URLS ?? 2_000);
const SEARCH_RATE = Number(process.env.BENCH_SEARCH_RATE ?? 100);
const DETAILS_RATE = Number(process.env.BENCH_DETAILS_RATE ?? 200);
const HOME_PAGE_URLS = Number(process.env.BENCH_HOME_PAGE_URLS ?? 2_000);
// A home page is a search and a render: its open loop runs at the JSON search's rate by default.
const HOME_PAGE_RATE = Number(process.env.BENCH_HOME_PAGE_RATE ?? SEARCH_RATE);
const DETAILS_PAGE_RATE = Number(process.env.BENCH_DETAILS_PAGE_RATE ?? DETAILS_RATE);
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
  const { TOWNS, PROPERTY_TYPES_BY_CATEGORY, TOWN_VIEWS } = await import('../libs/contracts/dist/index.js');
  const centres = benchTownCentres(TOWNS, TOWN_VIEWS);
  const db = new pg.Client({ connectionString: benchUrl });
  await db.connect();
  const started = Date.now();
  await db.query(`
    INSERT INTO listings.owners (id, name, email, whatsapp, proven_whatsapp, whatsapp_proven_at, role, is_verified, banned, version, updated_at)
    SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Bench Landlord ' || g, 'bench' || g || '@example.cm',
           '6' || lpad((70000000 + g)::text, 8, '0'), '6' || lpad((70000000 + g)::text, 8, '0'), now(), 'landlord', true, false, 1, now()
    FROM generate_series(1, 50) g`);
  const chunk = 10_000;
  for (let offset = 0; offset < LISTINGS; offset += chunk) {
    const n = Math.min(chunk, LISTINGS - offset);
    await db.query(
      `INSERT INTO listings.properties (id, owner_id, category, property_type, title, description, price, caution, payment_term,
         status, is_verified, review_state, reviewed_at, country, town, neighbourhood, amenities, bedrooms, toilets, kitchens,
         living_rooms, size, distance_from_road, sections, version, created_at, updated_at,
         pin_lat, pin_lng, area_offset_north_m, area_offset_east_m, area_lat, area_lng)
       SELECT gen_random_uuid(),
              ('00000000-0000-4000-8000-' || lpad((1 + g % 50)::text, 12, '0'))::uuid,
              c.category::listings."PropertyCategory",
              c.ptype,
              initcap(c.ptype) || ' ' || ($6::text[])[1 + g % array_length($6::text[], 1)] || ' ' || t.town,
              (CASE WHEN g % 2 = 0 THEN 'A ' || lower(c.ptype) || ' in ' || t.town || ' with ' || (1 + g % 5) || ' rooms, steady water and electricity, '
                    ELSE 'Un ' || lower(c.ptype) || ' à ' || t.town || ', ' || (1 + g % 5) || ' pièces, eau et électricité, ' END) ||
                ($7::text[])[1 + g % array_length($7::text[], 1)] || '.',
              (10 + (g * 7919) % 490) * 1000,
              (g % 4) * 50000,
              (ARRAY['daily','monthly','quarterly','yearly'])[1 + g % 4]::listings."PaymentTerm",
              'available', true, 'approved', now(), 'Cameroon', t.town,
              ($8::text[])[1 + g % array_length($8::text[], 1)],
              ARRAY['water','electricity'],
              CASE WHEN c.category = 'residential' THEN 1 + g % 6 END, 1 + g % 3, 1, 1,
              20 + (g % 200), 1 + g % 30,
              CASE WHEN c.category = 'commercial' THEN 1 + g % 6 END,
              1, now() - (g || ' minutes')::interval, now(),
              a.pin_lat, a.pin_lng, a.north_m, a.east_m,
              -- rules/approximate-area.ts's offsetPoint (flat earth under a kilometre), in SQL.
              a.pin_lat + degrees(a.north_m / 6371008.8), a.pin_lng + degrees(a.east_m / (6371008.8 * cos(radians(a.pin_lat))))
       FROM generate_series($1::int, $2::int) g
       CROSS JOIN LATERAL (SELECT 1 + (g * 31) % array_length($3::text[], 1) AS i) ti
       CROSS JOIN LATERAL (SELECT ($3::text[])[ti.i] AS town) t
       -- 17 in 20 pinned, anywhere within the spread of the town's centre; the offset at most 283 m.
       CROSS JOIN LATERAL (
         SELECT CASE WHEN g % 20 < 17 THEN ($9::float8[])[ti.i] + (((g * 6271) % 1000) / 1000.0 - 0.5) * 2 * $11::float8 END AS pin_lat,
                CASE WHEN g % 20 < 17 THEN ($10::float8[])[ti.i] + (((g * 3571) % 1000) / 1000.0 - 0.5) * 2 * $11::float8 END AS pin_lng,
                ((g * 13) % 401 - 200)::float8 AS north_m, ((g * 17) % 401 - 200)::float8 AS east_m) a
       CROSS JOIN LATERAL (
         SELECT CASE WHEN g % 3 = 0 THEN 'commercial' ELSE 'residential' END AS category,
                CASE WHEN g % 3 = 0 THEN ($5::text[])[1 + (g / 3) % array_length($5::text[], 1)]
                     ELSE ($4::text[])[1 + (g / 3) % array_length($4::text[], 1)] END AS ptype) c`,
      [offset + 1, offset + n, TOWNS, PROPERTY_TYPES_BY_CATEGORY.residential, PROPERTY_TYPES_BY_CATEGORY.commercial,
        TITLE_PHRASES.map((p) => (/^(near|with|close|in|newly|fully)/.test(p) ? p + ' in' : p + ' à')), DESCRIPTION_PHRASES, NEIGHBOURHOODS,
        centres.map((c) => c.lat), centres.map((c) => c.lng), BENCH_AREA_SPREAD_DEG],
    );
    say(`loaded ${offset + n} / ${LISTINGS} listings (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.query(`
    INSERT INTO listings.property_images (id, property_id, position, large_key, large_url, thumb_key, thumb_url, width, height, thumb_width, thumb_height, alt)
    SELECT gen_random_uuid(), id, 0, 'properties/bench/large.webp', '/media/properties/bench/large.webp',
           'properties/bench/thumb.webp', '/media/properties/bench/thumb.webp', 1024, 768, 320, 240, title
    FROM listings.properties`);
  await db.query('ANALYZE');
  await db.end();
}

/** Every listing's id, in random order: details are asked for across the whole table. */
async function allIds() {
  const db = new pg.Client({ connectionString: benchUrl });
  await db.connect();
  const { rows } = await db.query('SELECT id FROM listings.properties WHERE deleted_at IS NULL ORDER BY random()');
  await db.end();
  return rows.map((r) => r.id);
}

/** Whether the bench database already holds LISTINGS listings (BENCH_REUSE=1 then skips the reload). */
async function loaded() {
  const db = new pg.Client({ connectionString: benchUrl });
  try {
    await db.connect();
    // A database loaded before listings had areas is loaded again (searches by area would find nothing).
    const { rows } = await db.query('SELECT count(*)::int AS n, count(area)::int AS pinned FROM listings.search_documents');
    return rows[0].n === LISTINGS && rows[0].pinned > 0;
  } catch {
    return false;
  } finally {
    await db.end().catch(() => undefined);
  }
}

function startApp(name, file, env, nodeOptions = []) {
  const child = spawn(process.execPath, [...nodeOptions, file], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
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

/** A process's resident memory in MB (Linux). */
function residentMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return null;
  }
}

/**
 * How long listings took from its start to its first search answered (with SEARCH_MEMORY on, its
 * copy of the search documents is read whole first), and its resident memory then.
 */
async function reportSearchStart(listings, startedAt) {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${base}/api/properties/search?search=bench${i}`).catch(() => null);
    if (res?.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  say(`listings answered its first search ${((Date.now() - startedAt) / 1000).toFixed(1)} s after the apps started; resident memory ${residentMb(listings.pid)} MB (SEARCH_MEMORY ${process.env.SEARCH_MEMORY ?? 'on'})`);
}

async function prefetch(paths, headers = {}) {
  const bodies = new Map();
  for (const p of paths) {
    const res = await fetch(base + p, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${p} answered ${res.status} ${body.slice(0, 200)}`);
    bodies.set(p, body);
  }
  return bodies;
}

/** What a browser sends for a page: HTML first. No session cookie (a signed-in visitor's page is not drawn). */
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
/** The data block only a page the server drew carries (PAGE_STATE_ID, libs/contracts/src/server-page.ts). */
const DRAWN_MARK = 'id="mboa-page-state"';
const drawnPage = (html) => html.includes(DRAWN_MARK) && !html.includes('<div id="root"></div>');

/** The mixes: JSON calls (searches, searches by area, the map, details), then the pages the gateway draws from the same reads. */
function mixes({ searchPaths, boxPaths, distancePaths, mapPaths, detailPaths, homePaths, detailPagePaths }) {
  const json = (check) => ({ headers: undefined, contentType: 'application/json; charset=utf-8', check: (body) => check(JSON.parse(body)) });
  const page = { headers: PAGE_HEADERS, contentType: 'text/html; charset=utf-8', check: drawnPage, drawn: true };
  const cards = (answer) => Array.isArray(answer.properties);
  const someCards = (answer) => answer.properties.length > 0;
  // Nearest first, cards without a distance last. PostgreSQL orders by the plane in degrees (within
  // about 3 % of the great circle in Cameroon) and cards round to 0.1 km: a little slack.
  const nearestFirst = (answer) =>
    cards(answer) && answer.properties.every((p, i, all) => i === 0 || (p.distanceKm ?? Infinity) >= (all[i - 1].distanceKm ?? Infinity) * 0.95 - 0.1);
  return [
    { kind: 'search', group: 'search', paths: searchPaths, rate: SEARCH_RATE, ...json(cards), someResults: someCards },
    { kind: 'search-box', group: 'search', paths: boxPaths, rate: SEARCH_RATE, ...json(cards), someResults: someCards },
    { kind: 'search-distance', group: 'search', paths: distancePaths, rate: SEARCH_RATE, ...json(nearestFirst), someResults: someCards },
    {
      kind: 'map',
      group: 'search',
      paths: mapPaths,
      rate: SEARCH_RATE,
      ...json((answer) => Array.isArray(answer.points) && typeof answer.truncated === 'boolean'),
      someResults: (answer) => answer.points.length > 0,
    },
    { kind: 'details', paths: detailPaths, rate: DETAILS_RATE, ...json((answer) => answer.id !== undefined) },
    { kind: 'home-page', paths: homePaths, rate: HOME_PAGE_RATE, ...page },
    { kind: 'details-page', paths: detailPagePaths, rate: DETAILS_PAGE_RATE, ...page },
  ];
}

/** Cycles through a list; every call of `next` is a different entry until the list wraps. */
function cycle(list) {
  let i = 0;
  return () => list[i++ % list.length];
}

/**
 * Pages: the smallest answer still counted as drawn in a closed loop, where only sizes are seen:
 * halfway between the page the browser would draw (the same address with a session cookie) and the
 * smallest page the server drew among the samples.
 */
async function drawnMinBytes(sample, bodies) {
  const [first] = sample;
  const res = await fetch(base + first, { headers: { ...PAGE_HEADERS, cookie: 'mboa_session=bench-not-a-session' } });
  const shell = Buffer.byteLength(await res.text());
  const smallest = Math.min(...[...bodies.values()].map((b) => Buffer.byteLength(b)));
  if (smallest < shell * 1.5) throw new Error(`a drawn page (${smallest} bytes) is too close to the browser's empty page (${shell}) to tell them apart`);
  return Math.round((shell + smallest) / 2);
}

async function measure(mix, results, processes) {
  const { kind, paths, rate: openRate, headers, contentType, check } = mix;
  // A wrong answer measured fast is worthless: the first answers are checked, and become the floor's bodies.
  const sample = paths.slice(0, Math.min(200, paths.length));
  const bodies = await prefetch(sample, headers);
  for (const [p, body] of bodies) {
    if (!check(body)) {
      const why = mix.drawn ? `the page was not drawn by the server (no ${DRAWN_MARK}, or an empty #root)` : 'unexpected answer';
      throw new Error(`${kind}: ${p}: ${why}: ${body.slice(0, 300)}`);
    }
  }
  if (mix.someResults && ![...bodies.values()].some((b) => mix.someResults(JSON.parse(b)))) throw new Error('every sampled search came back empty');
  const minBytes = mix.drawn ? await drawnMinBytes(sample, bodies) : undefined;
  const floor = await floorServer(bodies, contentType);
  const floorBase = `http://127.0.0.1:${floor.address().port}`;
  // Gateway runs continue through the list where the last one stopped, so no run repeats another's URLs early.
  const next = cycle(paths.slice(sample.length).concat(sample));
  const floorNext = cycle(paths);
  // Pages are checked throughout: a page the browser would have to draw (the renderer gave up, a
  // read was too slow) is cheaper to serve and would flatter the numbers; the row then says FAILED.
  const closedCheck = minBytes === undefined ? {} : { minBytes };
  const openCheck = mix.drawn ? { check } : {};
  try {
    const runs = [
      [`${kind}, ${CONNECTIONS} connections`, (b, n, secs, checked) => closedLoop('', { base: b, connections: CONNECTIONS, seconds: secs, nextPath: n, headers, ...(checked ? closedCheck : {}) })],
      [`${kind}, open loop ${openRate} req/s`, (b, n, secs, checked) => openLoop('', { base: b, rate: openRate, seconds: secs, nextPath: n, headers, ...(checked ? openCheck : {}) })],
    ];
    for (const [call, run] of runs) {
      await run(base, next, 2); // warm-up
      const pids = await processes();
      const reapers = { postgres: [...new Set(pids.postgres.map(parentOf).filter(Boolean))] };
      const cpuOf = (name, list) => cpuMs(list, reapers[name] ?? []);
      const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, list]) => [name, cpuOf(name, list)]));
      const gateway = await run(base, next, SECONDS, true);
      const answered = Math.max(1, gateway.answered);
      const cpu = Object.fromEntries(
        Object.entries(pids).map(([name, list]) => [`${name} cpu ms/req`, +((cpuOf(name, list) - cpuBefore[name]) / answered).toFixed(2)]),
      );
      const bare = await run(floorBase, floorNext, Math.min(SECONDS, 5));
      delete gateway.answered;
      delete bare.answered;
      const row = {
        ...gateway,
        call,
        'floor p95 ms': bare['p95 ms'],
        'floor req/s': bare['req/s'],
        'p95 / floor': +(gateway['p95 ms'] / bare['p95 ms']).toFixed(1),
        'req/s / floor': +(gateway['req/s'] / bare['req/s']).toFixed(3),
        ...cpu,
      };
      if (row.errors > 0) say(`warning: ${call} had ${row.errors} failed requests`);
      if (row.wrong > 0) {
        row.call = `${call} FAILED: ${row.wrong} of ${answered} pages not drawn by the server`;
        say(`FAILED: ${call}: ${row.wrong} of ${answered} answers were not pages drawn by the server`);
      }
      say(`${call}: p50 ${row['p50 ms']} p95 ${row['p95 ms']} p99 ${row['p99 ms']} ms, ${row['req/s']} req/s (floor: p95 ${bare['p95 ms']} ms, ${bare['req/s']} req/s); CPU ms per request: ${JSON.stringify(cpu)}`);
      results.push(row);
    }
  } finally {
    floor.close();
  }
}

/** Starts auth, listings and the gateway with `env`, drives the chosen mixes, stops them; the rows measured. */
async function driveApps(env, paths, idCount, options = {}) {
  // BENCH_CPU_PROF=<dir>: the gateway and listings write V8 CPU profiles there when they stop.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const startedAt = Date.now();
  const apps = [
    startApp('auth', 'services/auth/dist/main.js', env),
    startApp('listings', 'services/listings/dist/main.js', env, profile),
    startApp('gateway', 'gateway/dist/main.js', env, profile),
  ];
  const stop = () => apps.forEach((a) => a.kill('SIGTERM'));
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    await waitForHealth();
    await reportSearchStart(apps[1], startedAt);
    say(
      `driving the gateway: ${LISTINGS} listings, ${paths.searchPaths.length} distinct search URLs, details over ${idCount} ids, ` +
        `${paths.homePaths.length} home page addresses, ${AREA_URLS} box, distance and map URLs each, ${SECONDS} s per run`,
    );
    const results = [];
    const failures = [];
    const only = process.env.BENCH_ONLY?.split(',').map((k) => k.trim());
    // CPU per request of each part: gateway, listings, and the bench database's PostgreSQL backends.
    const processes = async () => {
      const db = new pg.Client({ connectionString: benchUrl });
      await db.connect();
      const { rows } = await db.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [benchDb]);
      await db.end();
      return { gateway: [apps[2].pid], listings: [apps[1].pid], postgres: rows.map((r) => r.pid) };
    };
    for (const mix of mixes(paths)) {
      if (only && !only.includes(mix.kind) && !only.includes(mix.group)) continue;
      try {
        await measure(mix, results, processes);
      } catch (error) {
        // Loudly, but the other mixes still run.
        failures.push(`${mix.kind}: ${error instanceof Error ? error.message : error}`);
        say(`FAILED: ${failures.at(-1)}`);
      }
    }
    console.table(results);
    // Under traffic the heap grows and shrinks with each mix; the start figure is only the first look.
    say(`listings' resident memory after the mixes: ${residentMb(apps[1].pid)} MB`);
    // What counting a search for staff's figures costs, once per bench (not again per tracing session).
    if (options.counting && (!only || only.includes('search') || only.includes('counting'))) {
      const closed = results.find((r) => r.call === `search, ${CONNECTIONS} connections`)?.['req/s'];
      try {
        await measureCounting({
          root,
          searchPaths: paths.searchPaths,
          rates: [SEARCH_RATE, ...(closed ? [Math.round(closed)] : [])],
          natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
          subjectPrefix: env.NATS_SUBJECT_PREFIX,
          processes,
          reapersOf: (pids) => ({ postgres: [...new Set(pids.postgres.map(parentOf).filter(Boolean))] }),
          say,
        });
      } catch (error) {
        failures.push(`counting: ${error instanceof Error ? error.message : error}`);
        say(`FAILED: ${failures.at(-1)}`);
      }
    }
    const notDrawn = results.filter((row) => row.wrong > 0).map((row) => row.call);
    if (failures.length > 0 || notDrawn.length > 0) {
      process.exitCode = 1;
      for (const failure of [...failures, ...notDrawn]) say(`FAILED: ${failure}`);
    }
    return results;
  } finally {
    stop();
    await Promise.all(apps.map((a) => new Promise((r) => (a.exitCode !== null ? r() : a.once('exit', r)))));
  }

}

/** BENCH_TRACING=both: per mix and loop, the median of the runs with tracing on against those off. */
function reportTracingCost(sessions) {
  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length / 2;
    return sorted.length % 2 ? sorted[Math.floor(mid)] : +((sorted[mid - 1] + sorted[mid]) / 2).toFixed(2);
  };
  const calls = [...new Set(sessions.flatMap((s) => s.results.map((r) => r.call)))];
  const rows = calls.map((call) => {
    const of = (mode, key) => median(sessions.filter((s) => s.mode === mode).flatMap((s) => s.results.filter((r) => r.call === call).map((r) => r[key])));
    const cpu = (mode) => ['gateway', 'listings', 'postgres'].reduce((n, part) => n + (of(mode, `${part} cpu ms/req`) ?? 0), 0);
    const row = { call };
    for (const key of ['p50 ms', 'p95 ms', 'req/s', 'gateway cpu ms/req', 'listings cpu ms/req']) {
      row[`${key} off`] = of('off', key);
      row[`${key} on`] = of('on', key);
    }
    row['cpu ms/req off'] = +cpu('off').toFixed(2);
    row['cpu ms/req on'] = +cpu('on').toFixed(2);
    row['tracing cpu ms/req'] = +(cpu('on') - cpu('off')).toFixed(2);
    return row;
  });
  say('tracing on against off (medians of the runs; CPU: gateway + listings + PostgreSQL per request):');
  console.table(rows);
}

async function main() {
  if (process.env.SKIP_BUILD !== '1') run('building…', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' });
  // The pages are drawn with the web build's renderer: built if stale (even with SKIP_BUILD), then copied aside.
  const web = await builtWebApp(root, say);
  process.on('exit', web.remove);
  await ensureServers({ log: say });
  const env = {
    ...process.env,
    WEB_DIST: web.dist,
    DATABASE_URL: benchUrl,
    NATS_SUBJECT_PREFIX: 'bench.',
    EVENTS_STREAM: 'BENCH_EVENTS',
    REDIS_PREFIX: 'bench:',
    PORT: String(PORT),
    SERVICES: 'auth,listings',
    MEILI_URL: process.env.BENCH_MEILI_URL ?? '',
    // The access log is measured only when asked (BENCH_LOG_LEVEL=info, production's default).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  };
  if (!env.MEILI_URL) delete env.MEILI_URL;
  if (process.env.BENCH_REUSE === '1' && (await loaded())) {
    say(`reusing the bench database (${LISTINGS} listings already indexed)`);
    run('applying new migrations to the bench database…', process.execPath, ['scripts/db.mjs', 'deploy', 'auth', 'listings'], env);
  } else {
    await prepareDatabase();
    await loadListings();
    run('building the search index from the database…', process.execPath, ['services/listings/dist/cli/search-reindex.js'], env);
    // A bulk load leaves the visibility map empty until autovacuum comes by; index-only scans need it
    // (search, and the details page's count of the owner's public listings: without it each details
    // read visits the heap for the owner's 2,000 rows, 3.7 ms of PostgreSQL CPU instead of 1.1).
    const db = new pg.Client({ connectionString: benchUrl });
    await db.connect();
    await db.query('VACUUM ANALYZE listings.search_documents, listings.properties');
    await db.end();
  }
  const ids = await allIds();
  const { TOWNS, PROPERTY_TYPES_BY_CATEGORY, TOWN_VIEWS } = await import('../libs/contracts/dist/index.js');
  const searchPaths = searchMix({ count: SEARCH_URLS, towns: TOWNS, typesByCategory: PROPERTY_TYPES_BY_CATEGORY });
  const centres = benchTownCentres(TOWNS, TOWN_VIEWS);
  const [boxPaths, distancePaths, mapPaths] = ['box', 'distance', 'map'].map((kind) => areaMix({ count: AREA_URLS, centres, kind }));
  const detailPaths = ids.map((id) => `/api/properties/${id}`);
  const homePaths = homePageMix({ count: HOME_PAGE_URLS, towns: TOWNS, typesByCategory: PROPERTY_TYPES_BY_CATEGORY });
  // Other ids than the JSON details' (the list read backwards), every other one in English.
  const detailPagePaths = [...ids].reverse().map((id, i) => `/property-details/${id}${i % 2 ? '?lang=en' : ''}`);

  const paths = { searchPaths, boxPaths, distancePaths, mapPaths, detailPaths, homePaths, detailPagePaths };
  // Tracing is off unless asked: no OTEL_* variable of the caller's shell reaches the apps.
  for (const key of Object.keys(env)) if (key.startsWith('OTEL_')) delete env[key];
  const tracing = process.env.BENCH_TRACING ?? 'off';
  const modes = tracing === 'both' ? ['off', 'on', 'off', 'on'] : [tracing === 'on' ? 'on' : 'off'];
  const sink = modes.includes('on') ? await startOtlpSink() : undefined;
  const sessions = [];
  try {
    for (const mode of modes) {
      if (modes.length > 1) say(`tracing ${mode}…`);
      const traced = mode === 'on' ? { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_BSP_SCHEDULE_DELAY: '1000' } : env;
      const received = sink?.received();
      const results = await driveApps(traced, paths, ids.length, { counting: sessions.length === 0 });
      if (mode === 'on') {
        const after = sink.received();
        say(`the OTLP sink received ${after.requests - received.requests} export requests, ${((after.bytes - received.bytes) / 1e6).toFixed(1)} MB of spans`);
      }
      sessions.push({ mode, results });
    }
  } finally {
    sink?.close();
  }
  if (modes.length > 1) reportTracingCost(sessions);
  const pipeline = path.join(root, 'services/media/bench/pipeline.bench.mjs');
  if (existsSync(pipeline) && !process.env.BENCH_ONLY && !process.exitCode) run('timing the image pipeline on a 12-megapixel photo…', process.execPath, [pipeline]);
}

main().catch((error) => {
  console.error(`[bench] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

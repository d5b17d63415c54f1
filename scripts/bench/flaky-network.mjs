#!/usr/bin/env node
// A flaky network, scripted (docs/api.md#idempotency-key): landlords post listings with photos through
// a proxy that loses the answer at random after the whole body was sent, and send again as the web
// app does after a lost answer. Run twice: "before" (no Idempotency-Key, the old client) and "after"
// (one key per user action, kept across its sends). Reports listings made against user actions.
//
//   npm run bench:flaky-network -- [--actions 40] [--drop 0.3] [--photos 3] [--retries 3]
//
// The system is the e2e harness's (gateway/src/__tests__/system.ts: the gateway, auth, listings and
// media in this process over the real NATS, PostgreSQL and Redis, a fresh database), loaded from the
// TypeScript sources through ts-hooks.mjs. Not a test: it prints numbers, it asserts nothing.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';

register('./ts-hooks.mjs', import.meta.url);

const { values } = parseArgs({
  options: {
    actions: { type: 'string', default: '40' },
    drop: { type: 'string', default: '0.3' },
    photos: { type: 'string', default: '3' },
    retries: { type: 'string', default: '' },
    seed: { type: 'string', default: '' },
  },
});
const ACTIONS = Number(values.actions);
const DROP = Number(values.drop);
const PHOTOS = Number(values.photos);
const say = (line) => console.log(`[flaky-network] ${line}`);

const { LIMITS, idempotencyKeyHeaderValue } = await import('@mboa/contracts');
const { LocalFileStore } = await import('@mboa/platform');
const { startTestSystem } = await import('../../gateway/src/__tests__/system.ts');
const { signUp, TEST_ADMIN } = await import('../../gateway/src/__tests__/people.ts');

const RETRIES = values.retries === '' ? LIMITS.idempotency.clientRetries : Number(values.retries);
// The web app waits 1 s, 2 s, 4 s between sends (writeRetryDelayMs); a tenth of that here keeps the run short.
const retryPauseMs = (attempt) => 100 * 2 ** attempt;

/**
 * A TCP proxy in front of the gateway that, for each connection, forwards the request whole and
 * then, with probability `drop`, cuts the connection as the answer starts to come back: the
 * server did the work, the client never hears of it (a phone losing its signal on 2G).
 */
function flakyProxy(target, drop) {
  const stats = { connections: 0, dropped: 0 };
  const server = net.createServer((client) => {
    stats.connections++;
    const upstream = net.connect(target.port, target.host);
    const lose = Math.random() < drop;
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.once('data', () => {
      if (!lose) return;
      stats.dropped++;
      client.destroy();
      upstream.destroy();
    });
    upstream.on('data', (chunk) => {
      if (!lose) client.write(chunk);
    });
    upstream.on('end', () => client.end());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, stats, port: server.address().port })));
}

/** One send over its own connection; null when the answer was lost. */
function send(port, { bytes, contentType }, cookie, key) {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/property/post',
      method: 'POST',
      agent: false,
      headers: {
        cookie,
        'content-type': contentType,
        'content-length': String(bytes.length),
        ...(key ? { 'idempotency-key': idempotencyKeyHeaderValue(key) } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'], text }));
      res.on('error', () => resolve(null));
    });
    req.on('error', () => resolve(null));
    req.end(bytes);
  });
}

const FIELDS = {
  category: 'residential',
  propertyType: 'studio',
  paymentTerm: 'monthly',
  price: '45000',
  caution: '45000',
  description: 'Studio with shower and its own meter, tarred road, quiet compound.',
  availability: 'available',
  'location[country]': 'Cameroon',
  'location[town]': 'Douala',
  'location[neighbourhood]': 'Makepe',
  'specifications[bedrooms]': '1',
  'specifications[toilets]': '1',
  'specifications[kitchens]': '1',
  'specifications[livingRooms]': '0',
  'specifications[size]': '18',
  'specifications[distanceFromRoad]': '2',
  amenities: JSON.stringify(['water']),
};

async function photo(seed) {
  const channel = (n) => (seed * n) % 256;
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: channel(37), g: channel(91), b: channel(53) } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The wizard's body for one user action, encoded afresh for each send (a new multipart boundary). */
async function encode(title, photos, stamp) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...FIELDS, title })) data.append(name, value);
  photos.forEach((bytes, i) => data.append('propertyImages', new Blob([bytes], { type: 'image/jpeg' }), `${stamp}-${i}-photo${i}.jpg`));
  const request = new Request('http://local/', { method: 'POST', body: data });
  return { bytes: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') };
}

/**
 * One landlord pressing Post once, then sending again as the app does while answers are lost (and
 * while the server says 409, waiting its Retry-After), up to RETRIES more sends.
 */
async function userAction(port, landlord, title, photos, withKey) {
  const key = withKey ? randomUUID() : null;
  const stamp = Date.now();
  const cookie = `mboa_session=${landlord.browser.cookie('mboa_session')}`;
  let sends = 0;
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    sends++;
    const answer = await send(port, await encode(title, photos, stamp), cookie, key);
    if (answer && answer.status !== 409) return { sends, status: answer.status, text: answer.text };
    if (attempt < RETRIES) await new Promise((r) => setTimeout(r, answer ? Number(answer.retryAfter ?? 1) * 1000 : retryPauseMs(attempt)));
  }
  return { sends, status: 0 };
}

async function run(label, system, proxyPort, landlords, withKey, db) {
  const outcomes = [];
  const titles = [];
  for (let i = 0; i < ACTIONS; i++) {
    const title = `${label} studio ${i + 1} in Makepe`;
    titles.push(title);
    const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, p) => photo(i * 10 + p + (withKey ? 500 : 1))));
    outcomes.push(await userAction(proxyPort, landlords[i % landlords.length], title, photos, withKey));
  }
  // Postings land in listings' database once made; count them by title.
  const { rows } = await db.query(`SELECT title, count(*)::int AS n FROM listings.properties WHERE title = ANY($1) GROUP BY title`, [titles]);
  const made = rows.reduce((sum, r) => sum + r.n, 0);
  const doubled = rows.filter((r) => r.n > 1).length;
  const extra = rows.reduce((sum, r) => sum + Math.max(0, r.n - 1), 0);
  const sawSuccess = outcomes.filter((o) => o.status === 201).length;
  const gaveUp = outcomes.filter((o) => o.status === 0).length;
  const refused = outcomes.filter((o) => o.status !== 201 && o.status !== 0).map((o) => `${o.status} ${o.text?.slice(0, 80)}`);
  return {
    run: label,
    'user actions': ACTIONS,
    sends: outcomes.reduce((s, o) => s + o.sends, 0),
    'listings made': made,
    'actions doubled': doubled,
    'extra listings': extra,
    'duplicate rate': `${((100 * extra) / ACTIONS).toFixed(1)} %`,
    'saw success': sawSuccess,
    'gave up': gaveUp,
    ...(refused.length ? { refused: refused.join('; ') } : {}),
  };
}

const dir = await mkdtemp(path.join(tmpdir(), 'mboa-flaky-'));
const store = new LocalFileStore(dir);
say(`starting the gateway with auth, listings and media (fresh database)…`);
const system = await startTestSystem({
  services: ['auth', 'listings', 'media'],
  env: { ...TEST_ADMIN, MEDIA_DIR: dir },
  gateway: { objectStore: store },
});
const db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
await db.connect();
try {
  const target = new URL(system.url);
  // Each landlord may post 30 listings with photos an hour (LIMITS.uploads): enough landlords for every send.
  const perLandlord = Math.floor(LIMITS.uploads.postsWithPhotosPerUser / (RETRIES + 1));
  const count = Math.ceil(ACTIONS / perLandlord);
  say(`signing up ${count} verified landlords with proven numbers…`);
  const landlords = [];
  for (let i = 0; i < count * 2; i++) landlords.push(await signUp(system, 'landlord', { verified: true }));
  say(`${ACTIONS} user actions per run, each a posting with ${PHOTOS} photos; ${(DROP * 100).toFixed(0)} % of answers lost after the body was sent; up to ${RETRIES} sends again`);
  const results = [];
  for (const [label, withKey, group] of [
    ['before', false, landlords.slice(0, count)],
    ['after', true, landlords.slice(count)],
  ]) {
    const proxy = await flakyProxy({ host: target.hostname, port: Number(target.port) }, DROP);
    const result = await run(label, system, proxy.port, group, withKey, db);
    result['answers lost'] = proxy.stats.dropped;
    results.push(result);
    proxy.server.close();
    say(`${label}: ${JSON.stringify(result)}`);
  }
  console.table(results);
} finally {
  await db.end();
  await system.stop();
  await rm(dir, { recursive: true, force: true });
}
process.exit(0);

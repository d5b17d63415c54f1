// Two replicas of the listings service, each answering searches from its own copy in memory
// (search/replicated-search-index.ts), as `docker compose up --scale listings=2` runs them. A change
// indexed by one replica must show in the other's searches within a second (polled generously here:
// a loaded machine is slow, and the time measured is printed), and details never show a listing
// the public may no longer see, from the moment the write is in the database.
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_TYPES, LISTINGS_PATTERNS, type PublicUser } from '@mboa/contracts';
import { publishEvent, RpcClient, uniqueTestPrefix } from '@mboa/platform';
import { createTestDatabase } from '@mboa/platform/testing';
import pg from 'pg';
import type { ListingsConfig } from '../config.js';
import { SearchIndexer } from '../indexer/search-indexer.js';
import { startListingsService } from '../main.js';
import { PropertyQueriesService } from '../properties/property-queries.service.js';
import { SEARCH_REPLICA } from '../search/search-constants.js';
import { searchChangedSubject, SearchIndexProvider } from '../search/search.provider.js';
import { actorOf, eventually, image, postData, provenAccountFacts, user } from './helpers.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let config: ListingsConfig;
let replicas: INestMicroservice[] = [];
let rpc: RpcClient;
let nc: NatsConnection;
let sql: pg.Client;
let owner: PublicUser;

const word = () => `zq${Math.random().toString(36).slice(2, 9)}`;

beforeAll(async () => {
  db = await createTestDatabase(['listings']);
  const prefix = uniqueTestPrefix('srep');
  config = {
    databaseUrl: db.urlFor('listings'),
    dbSchema: 'listings',
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: prefix,
    streamName: `T_${prefix.replace(/\W/g, '_')}`,
    relay: true,
    consumers: true,
    search: {},
    ownerWaitMs: 2000,
  };
  replicas = [await startListingsService(config, { logger: false }), await startListingsService(config, { logger: false })];
  rpc = new RpcClient({ servers: config.natsUrl, subjectPrefix: prefix });
  await rpc.connect();
  nc = await connect({ servers: config.natsUrl });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  owner = user('landlord');
  for (const fact of provenAccountFacts(owner)) await publishEvent(nc, { ...fact, source: 'auth' }, { prefix });
  await eventually(
    async () => Number((await sql.query('SELECT count(*) FROM listings.owners WHERE id = $1 AND whatsapp_proven_at IS NOT NULL AND proven_whatsapp = whatsapp', [owner.id])).rows[0].count),
    (c) => c === 1,
    30_000,
  );
}, 120_000);

afterAll(async () => {
  await rpc?.close();
  await Promise.all(replicas.map((r) => r.close()));
  await sql?.end();
  if (nc) {
    await (await jetstreamManager(nc)).streams.delete(config.streamName).catch(() => undefined);
    await nc.drain();
  }
  await db?.drop();
});

const parts = (app: INestMicroservice) => ({
  queries: app.get(PropertyQueriesService),
  indexer: app.get(SearchIndexer),
  search: app.get(SearchIndexProvider),
});

/** The ids one replica's search finds for the word, straight from its copy in memory. */
async function found(app: INestMicroservice, text: string): Promise<string[]> {
  return (await parts(app).search.index.search({ search: text })).hits.map((h) => h.id);
}

/** Polls both replicas until each finds `expected` for the text (failing past `limitMs`); returns the time it took. */
async function onBothReplicas(text: string, expected: string[], limitMs = 60_000): Promise<number> {
  const since = Date.now();
  for (const app of replicas) {
    expect(await eventually(() => found(app, text), (ids) => JSON.stringify(ids) === JSON.stringify(expected), limitMs)).toEqual(expected);
  }
  return Date.now() - since;
}

/** A listing the public sees, indexed and found by both replicas under its own word. */
async function publicListing(): Promise<{ id: string; text: string }> {
  const text = word();
  const created = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
    actor: actorOf(owner),
    data: postData({ title: `Replica duplex ${text}` }),
    images: [image(1)],
  });
  await sql.query(`UPDATE listings.properties SET is_verified = true, review_state = 'approved', version = version + 1 WHERE id = $1`, [created.id]);
  await parts(replicas[0]).indexer.reindexProperty(created.id);
  const ms = await onBothReplicas(text, [created.id]);
  console.log(`approved on replica 1 → found by both replicas' memory: ${ms} ms`);
  return { id: created.id, text };
}

test('both replicas answer from memory', () => {
  for (const app of replicas) {
    expect(parts(app).search.index.backend).toBe('memory');
    expect(parts(app).search.replica?.ready).toBe(true);
  }
});

test.each([
  ['rented', `status = 'rented'`],
  ['deactivated', `status = 'deactivated'`],
  ['deleted', `deleted_at = now()`],
  ['unapproved', `is_verified = false, review_state = 'rejected'`],
])('a listing %s leaves details at once and both replicas\' search soon after', async (what, change) => {
  const listing = await publicListing();
  // The write (as the service's own handler or a consumer makes it), then the indexer, on replica 2.
  await sql.query(`UPDATE listings.properties SET ${change}, version = version + 1 WHERE id = $1`, [listing.id]);
  for (const app of replicas) await expect(parts(app).queries.get(listing.id, null)).rejects.toThrow();
  await parts(replicas[1]).indexer.reindexProperty(listing.id);
  const ms = await onBothReplicas(listing.text, []);
  console.log(`${what} on replica 2 → gone from both replicas' search: ${ms} ms`);
});

test('a banned owner\'s listings leave both replicas\' search, and come back when unbanned', async () => {
  const listing = await publicListing();
  const provenAt = new Date().toISOString();
  await publishEvent(nc, { type: EVENT_TYPES.userBanned, payload: { user: { ...owner, status: 'banned' }, version: 10, whatsappProvenAt: provenAt }, source: 'auth' }, { prefix: config.subjectPrefix });
  const ms = await onBothReplicas(listing.text, []);
  console.log(`owner banned (event) → gone from both replicas' search: ${ms} ms`);
  for (const app of replicas) await expect(parts(app).queries.get(listing.id, null)).rejects.toThrow();
  await publishEvent(nc, { type: EVENT_TYPES.userUnbanned, payload: { user: { ...owner, status: 'active' }, version: 11, whatsappProvenAt: provenAt }, source: 'auth' }, { prefix: config.subjectPrefix });
  await onBothReplicas(listing.text, [listing.id]);
});

test('a replica that missed the broadcast catches up by itself', async () => {
  const listing = await publicListing();
  // Every announcement of a change to the index from now on (owner-only ones concern cards).
  const announced: unknown[] = [];
  const heard = nc.subscribe(searchChangedSubject(config.subjectPrefix), {
    callback: (_err, msg) => {
      const message = JSON.parse(msg.string()) as { change?: unknown };
      if (message.change) announced.push(message.change);
    },
  });
  await nc.flush();
  try {
    // Written to the table behind both replicas' backs: no broadcast at all.
    await sql.query('DELETE FROM listings.search_documents WHERE property_id = $1', [listing.id]);
    // Nothing is called: each replica's own reconcile (every SEARCH_REPLICA.reconcileMs) finds it.
    // Polled for six periods, as the machine may be loaded; the time taken is printed.
    const ms = await onBothReplicas(listing.text, [], 6 * SEARCH_REPLICA.reconcileMs);
    console.log(`removed behind both replicas' backs → gone from both by their own reconcile (every ${SEARCH_REPLICA.reconcileMs} ms): ${ms} ms`);
    expect(announced).toEqual([]);
  } finally {
    heard.unsubscribe();
  }
});

test('a replica started later reads the index whole before it answers', async () => {
  const listing = await publicListing();
  const late = await startListingsService({ ...config, consumers: false, relay: false }, { logger: false });
  try {
    expect(parts(late).search.replica?.ready).toBe(true);
    expect(await found(late, listing.text)).toEqual([listing.id]);
  } finally {
    await late.close();
  }
});

test('an owner\'s new name reaches the search cards both replicas keep', async () => {
  const listing = await publicListing();
  const query = { search: listing.text, page: 1, limit: 12 };
  // Both replicas read the card once and keep it.
  for (const app of replicas) expect((await parts(app).queries.searchProperties(query)).properties[0].author.name).toBe(owner.name);
  const renamed = `${owner.name} Renamed`;
  await publishEvent(
    nc,
    { type: EVENT_TYPES.userUpdated, payload: { user: { ...owner, name: renamed }, version: 20, whatsappProvenAt: new Date().toISOString() }, source: 'auth' },
    { prefix: config.subjectPrefix },
  );
  const since = Date.now();
  for (const app of replicas) {
    await eventually(() => parts(app).queries.searchProperties(query), (r) => r.properties[0]?.author.name === renamed, 20_000);
  }
  console.log(`owner renamed (event) → both replicas' cards show it: ${Date.now() - since} ms`);
});

// Two replicas of the listings service on one database, one subject prefix and one event stream,
// as `docker compose up --scale listings=2` runs them: the NATS queue group hands each request to
// one replica, the shared durable consumers hand each event to one replica, and the relays publish
// each outbox row once.
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_TYPES, LISTINGS_PATTERNS, type PublicUser } from '@mboa/contracts';
import { metrics, publishEvent, RpcClient, uniqueTestPrefix, type PrefixedNatsServer } from '@mboa/platform';
import { createTestDatabase, readStoredEvents } from '@mboa/platform/testing';
import pg from 'pg';
import type { ListingsConfig } from '../config.js';
import { SearchIndexer } from '../indexer/search-indexer.js';
import { startListingsService } from '../main.js';
import { PropertyQueriesService } from '../properties/property-queries.service.js';
import { actorOf, eventually, image, postData, provenAccountFacts, user } from './helpers.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let config: ListingsConfig;
let replicas: INestMicroservice[] = [];
let rpc: RpcClient;
let nc: NatsConnection;
let sql: pg.Client;

const OWNERS = 20;
const CREATES = 50;

beforeAll(async () => {
  db = await createTestDatabase(['listings']);
  const prefix = uniqueTestPrefix('rep');
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
});

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

const server = (app: INestMicroservice) => (app as unknown as { serverInstance: PrefixedNatsServer }).serverInstance;
const count = async (query: string, ...values: unknown[]) => Number((await sql.query(query, values)).rows[0].count);

/** How many times consumers started handling deliveries of `type`, over both replicas. */
async function deliveries(consumer: string, type: string): Promise<number> {
  const text = await metrics.render();
  const line = text.split('\n').find((l) => l.startsWith(`mboa_event_lag_seconds_count{consumer="${consumer}",type="${type}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

test('each event reaches one replica and is applied once', async () => {
  const owners: PublicUser[] = Array.from({ length: OWNERS }, () => user('landlord'));
  for (const owner of owners) {
    await publishEvent(nc, { type: EVENT_TYPES.userRegistered, payload: { user: owner, version: 1 }, source: 'auth' }, { prefix: config.subjectPrefix });
  }
  await eventually(() => count('SELECT count(*) FROM listings.owners'), (c) => c === OWNERS);
  // Give a duplicate delivery, were there one, the time to show up.
  await new Promise((r) => setTimeout(r, 300));
  expect(await count('SELECT count(*) FROM listings.owners')).toBe(OWNERS);
  expect(await count(`SELECT count(*) FROM listings.processed_events WHERE consumer = 'listings-owners'`)).toBe(OWNERS);
  expect(await deliveries('listings-owners', EVENT_TYPES.userRegistered)).toBe(OWNERS);
});

test('each request is answered by exactly one replica, and both take their share', async () => {
  const before = replicas.map((r) => server(r).answered);
  const owner = user('landlord');
  for (const fact of provenAccountFacts(owner)) await publishEvent(nc, { ...fact, source: 'auth' }, { prefix: config.subjectPrefix });
  // Until the proof is applied too: an unproven landlord may not post.
  await eventually(() => count('SELECT count(*) FROM listings.owners WHERE id = $1 AND whatsapp_proven_at IS NOT NULL AND proven_whatsapp = whatsapp', owner.id), (c) => c === 1);

  const created = await Promise.all(
    Array.from({ length: CREATES }, (_, i) =>
      rpc.call(LISTINGS_PATTERNS.propertyCreate, { actor: actorOf(owner), data: postData({ title: `Replica test apartment ${i}` }), images: [image(i)] }),
    ),
  );
  const answered = replicas.map((r, i) => server(r).answered - before[i]);
  expect(answered[0] + answered[1]).toBe(CREATES); // no request answered twice, none lost
  expect(answered[0]).toBeGreaterThan(0);
  expect(answered[1]).toBeGreaterThan(0);
  expect(new Set(created.map((p) => p.id)).size).toBe(CREATES);
  expect(await count('SELECT count(*) FROM listings.properties WHERE owner_id = $1', owner.id)).toBe(CREATES);

  // Both relays ran; each outbox row reached the stream once, and the indexer handled each once.
  await eventually(() => deliveries('listings-search-indexer', EVENT_TYPES.propertyCreated), (n) => n >= CREATES);
  const stored = await readStoredEvents(nc, { prefix: config.subjectPrefix, stream: config.streamName, type: EVENT_TYPES.propertyCreated });
  expect(stored).toHaveLength(CREATES);
  await new Promise((r) => setTimeout(r, 300));
  expect(await deliveries('listings-search-indexer', EVENT_TYPES.propertyCreated)).toBe(CREATES);
});

test('a search cached by one replica is forgotten when the other writes to the index', async () => {
  const owner = user('landlord');
  for (const fact of provenAccountFacts(owner)) await publishEvent(nc, { ...fact, source: 'auth' }, { prefix: config.subjectPrefix });
  // Until the proof is applied too: an unproven landlord may not post.
  await eventually(() => count('SELECT count(*) FROM listings.owners WHERE id = $1 AND whatsapp_proven_at IS NOT NULL AND proven_whatsapp = whatsapp', owner.id), (c) => c === 1);
  const title = `Cache test duplex ${Date.now().toString(36)}`;
  const created = await rpc.call(LISTINGS_PATTERNS.propertyCreate, { actor: actorOf(owner), data: postData({ title }), images: [image(1)] });
  const query = { search: title, page: 1, limit: 12 };
  const [writer, reader] = replicas.map((r) => ({ queries: r.get(PropertyQueriesService), indexer: r.get(SearchIndexer) }));
  // Let the indexer's own pass over property.created finish, then cache "nothing found" in the reader.
  await new Promise((r) => setTimeout(r, 300));
  expect((await reader.queries.searchProperties(query)).properties).toEqual([]);

  // Verified by hand in the database (as the reviews consumer would), indexed by the writer.
  await sql.query(`UPDATE listings.properties SET is_verified = true, review_state = 'approved', version = version + 1 WHERE id = $1`, [created.id]);
  await writer.indexer.reindexProperty(created.id);
  const since = Date.now();
  // The promise is one second; a loaded machine gets a generous wait, and the log says what it took.
  const found = await eventually(() => reader.queries.searchProperties(query), (r) => r.properties.length === 1, 15_000);
  expect(found.properties.map((p) => p.id)).toEqual([created.id]);
  console.log(`a write on one replica → the other's cached search forgets it: ${Date.now() - since} ms`);
});

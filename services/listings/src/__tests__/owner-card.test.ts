// "Who you are dealing with": the owner card of the details answer, on a real listings service
// (PostgreSQL, NATS), fed by `user.*` and moderation events as in production.
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_TYPES, LISTINGS_PATTERNS, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { publishEvent, RpcClient, uniqueTestPrefix } from '@mboa/platform';
import { createTestDatabase } from '@mboa/platform/testing';
import pg from 'pg';
import type { ListingsConfig } from '../config.js';
import { startListingsService } from '../main.js';
import { actorOf, eventually, image, postData, user } from './helpers.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let config: ListingsConfig;
let service: INestMicroservice;
let rpc: RpcClient;
let nc: NatsConnection;
let sql: pg.Client;

const admin = user('admin');
const versions = new Map<string, number>();

beforeAll(async () => {
  db = await createTestDatabase(['listings']);
  const prefix = uniqueTestPrefix('own');
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
  service = await startListingsService(config, { logger: false });
  rpc = new RpcClient({ servers: config.natsUrl, subjectPrefix: prefix });
  await rpc.connect();
  nc = await connect({ servers: config.natsUrl });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
});

afterAll(async () => {
  await rpc?.close();
  await service?.close();
  await sql?.end();
  if (nc) {
    await (await jetstreamManager(nc)).streams.delete(config.streamName).catch(() => undefined);
    await nc.drain();
  }
  await db?.drop();
});

/** When each account proved its WhatsApp number: auth's facts carry it while the number is proven. */
const provenAt = new Map<string, string>();

async function userEvent(type: string, u: PublicUser) {
  const version = (versions.get(u.id) ?? 0) + 1;
  versions.set(u.id, version);
  const proof = provenAt.get(u.id);
  await publishEvent(nc, { type, payload: { user: u, version, ...(proof ? { whatsappProvenAt: proof } : {}) }, source: 'auth' }, { prefix: config.subjectPrefix });
}

/** A new landlord as auth tells it: registered, then their number proven (they may not post before). */
async function register(u: PublicUser) {
  await userEvent(EVENT_TYPES.userRegistered, u);
  provenAt.set(u.id, new Date().toISOString());
  await userEvent(EVENT_TYPES.userUpdated, u);
}

async function publish(type: string, payload: Record<string, unknown>) {
  await publishEvent(nc, { type, payload, source: 'moderation' }, { prefix: config.subjectPrefix });
}

const post = (u: PublicUser, title: string) =>
  rpc.call(LISTINGS_PATTERNS.propertyCreate, { actor: actorOf(u), data: postData({ title }), images: [image(1)] });
const get = (id: string, u?: PublicUser): Promise<PropertyRead> =>
  rpc.call(LISTINGS_PATTERNS.propertyGet, { id, actor: u ? actorOf(u) : undefined });

async function approve(propertyId: string) {
  await publish(EVENT_TYPES.propertyApproved, {
    propertyId,
    action: 'approve',
    feedback: '',
    reviewerId: admin.id,
    decidedAt: new Date().toISOString(),
  });
  await eventually(() => get(propertyId, admin), (p) => p.isVerified);
}

test('details name the owner by first name, verified, member since, and count only the listings the public sees', async () => {
  const createdAt = '2024-03-15T08:30:00.000Z';
  const owner = user('landlord', { name: '  Ada   Nkemdirim ', createdAt, whatsapp: '677123456' });
  await register(owner);

  const shown = await post(owner, 'Public flat one');
  const second = await post(owner, 'Public flat two');
  const rented = await post(owner, 'Rented flat');
  const held = await post(owner, 'Held flat');
  const stale = await post(owner, 'Flat not confirmed for 46 days');
  await post(owner, 'Pending flat');
  for (const p of [shown, second, rented, held, stale]) await approve(p.id);
  // The owner has not said it is still available for 46 days: out of search, and of the count.
  await sql.query(`UPDATE listings.properties SET availability_confirmed_at = now() - interval '46 days' WHERE id = $1`, [stale.id]);
  await rpc.call(LISTINGS_PATTERNS.myListingsUpdate, { actor: actorOf(owner), payload: { id: rented.id, data: { status: 'rented' } } });
  await publish(EVENT_TYPES.propertyHeld, {
    propertyId: held.id,
    holdId: randomUUID(),
    reason: 'scam-reports',
    reporters: 3,
    heldAt: new Date().toISOString(),
  });
  await eventually(() => get(held.id).then(() => false, () => true), Boolean);

  // Approved, available and confirmed lately, not held, not pending, not rented: two.
  const details = await get(shown.id);
  expect(details.owner).toEqual({ firstName: 'Ada', verified: true, memberSince: createdAt, activeListings: 2 });
  // Nothing of the owner's contact beyond what `author` already carries.
  expect(JSON.stringify(details.owner)).not.toContain(owner.email);
  expect(JSON.stringify(details.owner)).not.toContain(owner.whatsapp);

  // A search card does not carry it (it costs a count per owner).
  const found = await rpc.call(LISTINGS_PATTERNS.propertySearch, { page: 1, limit: 50 });
  expect(found.properties.length).toBeGreaterThan(0);
  expect(found.properties.every((p: PropertyRead) => p.owner === undefined)).toBe(true);

  // Renting one out drops the count at the next read; a new name and verification follow the events.
  await rpc.call(LISTINGS_PATTERNS.myListingsUpdate, { actor: actorOf(owner), payload: { id: second.id, data: { status: 'rented' } } });
  await userEvent(EVENT_TYPES.userUpdated, { ...owner, name: 'Adaeze', isVerified: false });
  const later = await eventually(() => get(shown.id), (p) => p.owner?.firstName === 'Adaeze');
  expect(later.owner).toEqual({ firstName: 'Adaeze', verified: false, memberSince: createdAt, activeListings: 1 });

  // A banned owner's listings are public nowhere: staff reading one see 0.
  await userEvent(EVENT_TYPES.userBanned, { ...owner, name: 'Adaeze', status: 'banned' });
  const banned = await eventually(() => get(shown.id, admin), (p) => p.owner?.activeListings === 0);
  expect(banned.owner?.activeListings).toBe(0);
});

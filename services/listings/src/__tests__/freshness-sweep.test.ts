// The freshness sweep on a real listings service (PostgreSQL, NATS): sweeps running at the same
// time mail one reminder, a sweep after it (a restart) mails none, and a mail that fails records
// nothing, so a later sweep sends it.
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_TYPES, LISTINGS_PATTERNS } from '@mboa/contracts';
import { MailDeliveryError, publishEvent, RpcClient, uniqueTestPrefix, type MailMessage } from '@mboa/platform';
import { createTestDatabase } from '@mboa/platform/testing';
import pg from 'pg';
import type { ListingsConfig } from '../config.js';
import { FreshnessService } from '../freshness/freshness.service.js';
import { startListingsService } from '../main.js';
import { actorOf, eventually, image, postData, provenAccountFacts, user } from './helpers.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let config: ListingsConfig;
let service: INestMicroservice;
let freshness: FreshnessService;
let rpc: RpcClient;
let nc: NatsConnection;
let sql: pg.Client;

/** The mail server: slow enough for sweeps to overlap, and down when a test says so. */
const mailed: MailMessage[] = [];
let mailServerDown = false;
const mailer = {
  async send(message: MailMessage) {
    await new Promise((r) => setTimeout(r, 150));
    if (mailServerDown) throw new MailDeliveryError('connection refused');
    mailed.push(message);
  },
};

const admin = user('admin');
const owner = user('landlord', { name: 'Tchinda Marie' });

beforeAll(async () => {
  db = await createTestDatabase(['listings']);
  const prefix = uniqueTestPrefix('fresh');
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
    // The timer stays out of the way: the tests sweep by hand.
    freshness: { mailer, publicOrigin: 'https://mboa.example', sweepMs: 3_600_000 },
  };
  service = await startListingsService(config, { logger: false });
  freshness = service.get(FreshnessService);
  rpc = new RpcClient({ servers: config.natsUrl, subjectPrefix: prefix });
  await rpc.connect();
  nc = await connect({ servers: config.natsUrl });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  for (const fact of provenAccountFacts(owner)) await publishEvent(nc, { ...fact, source: 'auth' }, { prefix });
  // Until the proof is applied: an unproven landlord may not post.
  await eventually(
    async () => Number((await sql.query('SELECT count(*) FROM listings.owners WHERE id = $1 AND whatsapp_proven_at IS NOT NULL', [owner.id])).rows[0].count),
    (c) => c === 1,
  );
}, 120_000);

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

/** An approved listing of the owner, its last confirmation `days` ago. */
async function listingConfirmed(days: number, title: string): Promise<string> {
  const posted = await eventually(
    () => rpc.call(LISTINGS_PATTERNS.propertyCreate, { actor: actorOf(owner), data: postData({ title }), images: [image(1)] }).catch(() => null),
    Boolean,
  );
  const id = posted!.id;
  await publishEvent(
    nc,
    {
      type: EVENT_TYPES.propertyApproved,
      payload: { propertyId: id, action: 'approve', feedback: '', reviewerId: admin.id, decidedAt: new Date().toISOString() },
      source: 'moderation',
    },
    { prefix: config.subjectPrefix },
  );
  await eventually(() => rpc.call(LISTINGS_PATTERNS.propertyGet, { id }).catch(() => null), Boolean);
  await sql.query(`UPDATE listings.properties SET availability_confirmed_at = (now() AT TIME ZONE 'UTC') - make_interval(days => $2) WHERE id = $1`, [id, days]);
  return id;
}

const remindersFor = (title: string) => mailed.filter((m) => m.text.includes(title));
const stored = async (id: string) =>
  (await sql.query(`SELECT p.availability_reminded_at, (SELECT count(*)::int FROM listings.availability_links l WHERE l.property_id = p.id) AS links
                    FROM listings.properties p WHERE p.id = $1`, [id])).rows[0] as { availability_reminded_at: Date | null; links: number };

test('sweeps at the same time mail one reminder; a sweep after them (a restart) mails none', async () => {
  const title = `Studio à Ndokoti ${Date.now()}`;
  const id = await listingConfirmed(25, title);
  await Promise.all([freshness.sweep(), freshness.sweep(), freshness.sweep()]);
  expect(remindersFor(title)).toHaveLength(1);
  expect(remindersFor(title)[0]).toMatchObject({ to: owner.email, subject: 'Is your listing still available?' });
  expect(remindersFor(title)[0].text).toMatch(/https:\/\/mboa\.example\/confirm-availability\?token=[\w-]{43}&lang=en/);
  expect(await stored(id)).toMatchObject({ links: 1, availability_reminded_at: expect.any(Date) });

  await freshness.sweep();
  expect(remindersFor(title)).toHaveLength(1);
});

test('a mail that fails records nothing, and a later sweep sends it', async () => {
  const title = `Chambre à Bepanda ${Date.now()}`;
  const id = await listingConfirmed(22, title);
  mailServerDown = true;
  try {
    await freshness.sweep();
  } finally {
    mailServerDown = false;
  }
  expect(remindersFor(title)).toHaveLength(0);
  expect(await stored(id)).toEqual({ availability_reminded_at: null, links: 0 });

  await freshness.sweep();
  expect(remindersFor(title)).toHaveLength(1);
  expect((await stored(id)).links).toBe(1);
});

test('a listing confirmed 20 days ago gets no reminder; one 46 days unconfirmed is taken out of search once', async () => {
  const recent = `Appartement à Akwa ${Date.now()}`;
  await listingConfirmed(20, recent);
  const staleTitle = `Duplex à Bonapriso ${Date.now()}`;
  const stale = await listingConfirmed(46, staleTitle);
  const first = await freshness.sweep();
  expect(first.lapsed).toBeGreaterThanOrEqual(1);
  expect(remindersFor(recent)).toHaveLength(0);
  const { rows } = await sql.query(`SELECT availability_lapsed_at, version FROM listings.properties WHERE id = $1`, [stale]);
  expect(rows[0].availability_lapsed_at).toBeInstanceOf(Date);
  // Marked once: another sweep leaves it (and its version) alone.
  await freshness.sweep();
  const again = await sql.query(`SELECT version FROM listings.properties WHERE id = $1`, [stale]);
  expect(again.rows[0].version).toBe(rows[0].version);
});

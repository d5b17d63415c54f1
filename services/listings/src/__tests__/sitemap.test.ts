// The sitemaps' listings (docs/api.md#search-engines) on a real listings service (PostgreSQL, NATS):
// exactly the listings search shows, paged by id (keyset), stable while listings are published.
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { LISTINGS_PATTERNS, MESSAGES, type PublicUser, type SitemapListing } from '@mboa/contracts';
import { publishEvent, RpcCallError, RpcClient, uniqueTestPrefix } from '@mboa/platform';
import { createTestDatabase } from '@mboa/platform/testing';
import pg from 'pg';
import type { ListingsConfig } from '../config.js';
import { startListingsService } from '../main.js';
import { actorOf, image, postData, provenAccountFacts, user } from './helpers.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let config: ListingsConfig;
let service: INestMicroservice;
let rpc: RpcClient;
let nc: NatsConnection;
let sql: pg.Client;

const owner = user('landlord');
const bannedOwner = user('landlord');

beforeAll(async () => {
  db = await createTestDatabase(['listings']);
  const prefix = uniqueTestPrefix('smp');
  config = {
    databaseUrl: db.urlFor('listings'),
    dbSchema: 'listings',
    natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: prefix,
    streamName: `T_${prefix.replace(/\W/g, '_')}`,
    relay: true,
    consumers: true,
    search: {},
    ownerWaitMs: 5000,
  };
  service = await startListingsService(config, { logger: false });
  rpc = new RpcClient({ servers: config.natsUrl, subjectPrefix: prefix });
  await rpc.connect();
  nc = await connect({ servers: config.natsUrl });
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  for (const u of [owner, bannedOwner]) {
    for (const fact of provenAccountFacts(u)) await publishEvent(nc, { ...fact, source: 'auth' }, { prefix });
  }
  // Until both proofs are applied: an unproven landlord may not post.
  for (let proven = 0; proven < 2; await new Promise((r) => setTimeout(r, 100))) {
    proven = Number((await sql.query('SELECT count(*) FROM listings.owners WHERE id = ANY($1::uuid[]) AND whatsapp_proven_at IS NOT NULL', [[owner.id, bannedOwner.id]])).rows[0].count);
  }
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

let made = 0;
async function post(u: PublicUser = owner): Promise<string> {
  const read = await rpc.call(LISTINGS_PATTERNS.propertyCreate, { actor: actorOf(u), data: postData({ title: `Sitemap flat ${++made}` }), images: [image(1)] });
  return read.id;
}

/** Approved by staff, as the review's event leaves it (set in the table: this test is about reading). */
async function published(u: PublicUser = owner): Promise<string> {
  const id = await post(u);
  await sql.query(`UPDATE listings.properties SET is_verified = true, review_state = 'approved', updated_at = now() WHERE id = $1`, [id]);
  return id;
}

/** Every public listing, page by page of `limit`, as the gateway reads a sitemap file. */
async function everyPage(limit: number, between?: (pageNumber: number) => Promise<void>): Promise<SitemapListing[]> {
  const all: SitemapListing[] = [];
  let from: string | undefined;
  let pageNumber = 0;
  do {
    const page = await rpc.call(LISTINGS_PATTERNS.sitemapListings, { from, limit });
    expect(page.listings.length).toBeLessThanOrEqual(limit);
    all.push(...page.listings);
    from = page.next ?? undefined;
    await between?.(++pageNumber);
  } while (from);
  return all;
}

const byId = (ids: string[]) => [...ids].sort();

describe('the sitemaps\' listings', () => {
  const shown: string[] = [];
  let confirmedLater: string;

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) shown.push(await published());
    confirmedLater = shown[0];
    // Hidden from search, each for its own reason: never in a sitemap.
    await post(); // waiting for review
    const rejected = await post();
    await sql.query(`UPDATE listings.properties SET review_state = 'rejected' WHERE id = $1`, [rejected]);
    const deleted = await published();
    await sql.query(`UPDATE listings.properties SET deleted_at = now() WHERE id = $1`, [deleted]);
    const held = await published();
    await sql.query(`UPDATE listings.properties SET held_at = now() WHERE id = $1`, [held]);
    const lapsed = await published();
    await sql.query(`UPDATE listings.properties SET availability_confirmed_at = now() - interval '46 days' WHERE id = $1`, [lapsed]);
    const rented = await published();
    await sql.query(`UPDATE listings.properties SET status = 'rented' WHERE id = $1`, [rented]);
    const deactivated = await published();
    await sql.query(`UPDATE listings.properties SET status = 'deactivated' WHERE id = $1`, [deactivated]);
    await published(bannedOwner);
    await sql.query(`UPDATE listings.owners SET banned = true WHERE id = $1`, [bannedOwner.id]);
    // Changed on the 1st, confirmed by its owner on the 3rd: its lastmod is the 3rd.
    await sql.query(
      `UPDATE listings.properties SET updated_at = '2026-11-01T10:00:00Z', availability_confirmed_at = now() - interval '1 hour' WHERE id = $1`,
      [confirmedLater],
    );
  }, 120_000);

  it('pages through exactly the public listings, in id order, each with its lastmod', async () => {
    const all = await everyPage(2);
    expect(all.map((l) => l.id)).toEqual(byId(shown));
    const { rows } = await sql.query<{ id: string; updated_at: Date; availability_confirmed_at: Date }>(
      `SELECT id::text, updated_at, availability_confirmed_at FROM listings.properties WHERE id = ANY($1::uuid[])`,
      [shown],
    );
    for (const row of rows) {
      const later = Math.max(row.updated_at.getTime(), row.availability_confirmed_at.getTime());
      expect(all.find((l) => l.id === row.id)?.lastmod).toBe(new Date(later).toISOString());
    }
    const confirmed = rows.find((r) => r.id === confirmedLater)!;
    expect(all.find((l) => l.id === confirmedLater)?.lastmod).toBe(confirmed.availability_confirmed_at.toISOString());
  });

  it('is stable while listings are published during the paging: none twice, none of those already there skipped', async () => {
    const before = byId((await everyPage(50)).map((l) => l.id));
    const added: string[] = [];
    let cursorAfterFirstPage = '';
    const all = await everyPage(2, async (pageNumber) => {
      if (pageNumber !== 1) return;
      // Three new public listings land anywhere in the id order, before and after the cursor.
      for (let i = 0; i < 3; i++) added.push(await published());
    });
    // The first page's answer says where the next reading starts (keyset `id >= next`): the id of
    // the first listing that was after it then, read as the second page's first.
    cursorAfterFirstPage = all[2].id;
    const ids = all.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(byId(ids));
    expect(ids).toEqual(expect.arrayContaining(before));
    // A new one after where the next page starts is read on a later page; one before it (even just
    // after the first page's last id), at the next reading.
    for (const id of added) expect(ids.includes(id)).toBe(id > cursorAfterFirstPage);
    shown.push(...added);
    expect(byId((await everyPage(50)).map((l) => l.id))).toEqual(byId(shown));
  });

  it('splits the listings into sitemap files of at most the size asked, each named by its first listing', async () => {
    const all = await everyPage(50);
    const summary = await rpc.call(LISTINGS_PATTERNS.sitemapSummary, { listingsPerFile: 3 });
    const expected = [];
    for (let i = 0; i < all.length; i += 3) {
      const file = all.slice(i, i + 3);
      expected.push({ from: file[0].id, listings: file.length, lastmod: file.map((l) => l.lastmod).sort().at(-1) });
    }
    expect(summary.files).toEqual(expected);
    expect(summary.lastmod).toBe(all.map((l) => l.lastmod).sort().at(-1));
    // Every listing here is in Douala (postData): the one town of the list with a public listing.
    expect(summary.towns).toEqual([{ town: 'Douala', lastmod: summary.lastmod }]);
    // The real size holds them all in one file.
    expect((await rpc.call(LISTINGS_PATTERNS.sitemapSummary, {})).files).toEqual([{ from: all[0].id, listings: all.length, lastmod: summary.lastmod }]);
  });

  it('refuses a page that is not from a listing id, or larger than a page may be', async () => {
    const refused = (payload: Record<string, unknown>) =>
      rpc.call(LISTINGS_PATTERNS.sitemapListings, payload).then(
        () => null,
        (e: unknown) => e,
      );
    const bad = await refused({ from: "1' OR '1'='1" });
    expect(bad).toBeInstanceOf(RpcCallError);
    expect((bad as RpcCallError).status).toBe(400);
    expect((bad as RpcCallError).toBody().errors?.join()).toContain(MESSAGES.common.invalidId);
    expect(((await refused({ limit: 5_001 })) as RpcCallError).status).toBe(400);
  });
});

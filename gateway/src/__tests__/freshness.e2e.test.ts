import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { LISTINGS_PATTERNS, MESSAGES, MESSAGES_FR, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';
import { until } from '@mboa/platform/testing';

// Fresh listings (docs/api.md#fresh-listings) through the gateway, against the real auth, listings
// and moderation services. The clock is moved by changing availability_confirmed_at in the test
// database; listings sweeps every 200 ms here (FRESHNESS_SWEEP_MS) instead of every minute.

let system: TestSystem;
let db: pg.Client;
let admin: Browser;
let owner: { browser: Browser; user: PublicUser };

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation'], env: { ...TEST_ADMIN, FRESHNESS_SWEEP_MS: '200' } });
  db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
  await db.connect();
  admin = (await signInAdmin(system)).browser;
  owner = await signUp(system, 'landlord', { verified: true, name: 'Ngono Pauline' });
});

afterAll(async () => {
  await db?.end();
  await system?.stop();
});

let made = 0;
/** A listing of `who`, approved by staff so the public sees it. */
async function publicListing(who: { user: PublicUser } = owner): Promise<PropertyRead> {
  const rpc = await rpcFor(system);
  let property: PropertyRead;
  try {
    property = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: who.user.id, role: 'landlord', isVerified: true, name: who.user.name },
      data: {
        category: 'residential',
        propertyType: 'studio',
        title: `Studio Molyko fraicheur ${Date.now()}-${++made}`,
        paymentTerm: 'monthly',
        price: 35000,
        caution: 70000,
        description: 'Studio with water and electricity, close to the university.',
        availability: 'available',
        location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko' },
        specifications: { bedrooms: 1, toilets: 1, kitchens: 1, livingRooms: 0, size: 25 },
        amenities: ['water'],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
  expect((await admin.post(`/api/admin/properties/${property.id}/review`, { action: 'approve' })).status).toBe(200);
  await until(async () => (await searchIds(property.title)).includes(property.id), 'the approved listing in search');
  return property;
}

async function searchIds(title: string): Promise<string[]> {
  const res = await new Browser(system.url).get(`/api/properties/search?search=${encodeURIComponent(title)}`);
  return (res.body.properties as PropertyRead[]).map((p) => p.id);
}

/**
 * Moves the listing's clock: its last confirmation `days` ago (and no reminder since). A minute more,
 * because a sweep that read its clock a moment before this update counts whole days from there, and
 * would see one day fewer.
 */
async function confirmedDaysAgo(id: string, days: number): Promise<void> {
  await db.query(
    `UPDATE "listings"."properties" SET availability_confirmed_at = (now() AT TIME ZONE 'UTC') - make_interval(days => $2, mins => 1), availability_reminded_at = NULL WHERE id = $1::uuid`,
    [id, days],
  );
}

const myListings = (browser: Browser, body: unknown) => browser.post('/api/property/my-listings', body);
const confirmLink = (token: string, headers: Record<string, string> = {}) =>
  new Browser(system.url).post('/api/property/confirm-availability', { token }, headers);

async function mineNow(id: string): Promise<PropertyRead | undefined> {
  const res = await myListings(owner.browser, { action: 'fetch', payload: { page: 1, limit: 50 } });
  return (res.body.data as PropertyRead[]).find((p) => p.id === id);
}

/** The owner's decoded mails (nodemailer writes non-ASCII subjects as RFC 2047 and bodies as quoted-printable). */
async function mailsTo(email: string): Promise<string[]> {
  const files = (await readdir(system.mailDir)).filter((f) => f.endsWith('.eml')).sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(system.mailDir, f), 'utf8')));
  return texts.filter((t) => t.includes(email)).map(decodeMail);
}

function decodeMail(raw: string): string {
  const bytes = (s: string) => Buffer.from(s.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const unfolded = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?UTF-8\?Q\?/g, '');
  const headers = unfolded.replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, word: string) => bytes(word.replace(/_/g, ' ')));
  return `${headers}\n\n${bytes(raw.slice(split).replace(/=\r?\n/g, ''))}`;
}

/** The availability reminders among them (the approval mail names the listing too). */
async function remindersTo(email: string, title: string): Promise<string[]> {
  return (await mailsTo(email)).filter((m) => m.includes(title) && m.includes('/confirm-availability?token='));
}

const reminderTokens = (mails: string[], title: string) =>
  mails.filter((m) => m.includes(title)).map((m) => /\/confirm-availability\?token=([\w-]+)/.exec(m)?.[1]).filter((t): t is string => !!t);

describe('the freshness clock', () => {
  test('a new listing carries when its availability was confirmed, in details and My Listings', async () => {
    const before = Date.now();
    const property = await publicListing();
    const details = await new Browser(system.url).get(`/api/properties/${property.id}`);
    const confirmedAt = Date.parse(details.body.availabilityConfirmedAt);
    expect(confirmedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(confirmedAt).toBeLessThanOrEqual(Date.now());
    expect((await mineNow(property.id))?.availabilityConfirmedAt).toBe(details.body.availabilityConfirmedAt);
  });

  test('confirming from My Listings restarts the clock; the owner only', async () => {
    const property = await publicListing();
    await confirmedDaysAgo(property.id, 10);
    const old = Date.parse((await mineNow(property.id))!.availabilityConfirmedAt!);
    expect(Date.now() - old).toBeGreaterThan(9 * 86_400_000);

    const res = await myListings(owner.browser, { action: 'confirm', payload: { id: property.id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.freshness.confirmed);
    expect(Date.now() - Date.parse(res.body.data.availabilityConfirmedAt)).toBeLessThan(5000);

    // French for a French reader.
    const fr = await owner.browser.post('/api/property/my-listings', { action: 'confirm', payload: { id: property.id } }, { 'accept-language': 'fr' });
    expect(fr.body.message).toBe(MESSAGES_FR.freshness.confirmed);

    const stranger = await signUp(system, 'landlord', { verified: true });
    expect((await myListings(stranger.browser, { action: 'confirm', payload: { id: property.id } })).status).toBe(404);
    expect((await myListings(admin, { action: 'confirm', payload: { id: property.id } })).status).toBe(404);
    expect((await myListings(owner.browser, { action: 'confirm', payload: {} })).status).toBe(400);
    expect((await new Browser(system.url).post('/api/property/my-listings', { action: 'confirm', payload: { id: property.id } })).status).toBe(401);
  });

  test('marking it rented, then available again, counts as a confirmation', async () => {
    const property = await publicListing();
    await confirmedDaysAgo(property.id, 30);
    const rented = await myListings(owner.browser, { action: 'update', payload: { id: property.id, data: { status: 'rented' } } });
    expect(rented.status).toBe(200);
    expect(Date.now() - Date.parse(rented.body.data.availabilityConfirmedAt)).toBeLessThan(5000);

    await confirmedDaysAgo(property.id, 30);
    const available = await myListings(owner.browser, { action: 'update', payload: { id: property.id, data: { status: 'available' } } });
    expect(available.status).toBe(200);
    expect(Date.now() - Date.parse(available.body.data.availabilityConfirmedAt)).toBeLessThan(5000);
  });

  test('unconfirmed for 45 days it leaves search and public details, status unchanged; confirming brings it back to search (promised within 1 s; measured and printed)', async () => {
    const property = await publicListing();
    await confirmedDaysAgo(property.id, 44);
    // 44 days: still public (the sweep has run several times meanwhile).
    await new Promise((r) => setTimeout(r, 600));
    expect(await searchIds(property.title)).toContain(property.id);

    await confirmedDaysAgo(property.id, 46);
    expect((await new Browser(system.url).get(`/api/properties/${property.id}`)).status).toBe(404);
    await until(async () => !(await searchIds(property.title)).includes(property.id), 'the stale listing out of search', 5000);
    // Even a search that does not name it: the index no longer holds it.
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM "listings"."search_documents" WHERE property_id = $1::uuid`, [property.id]);
    expect(rows[0].n).toBe(0);

    // Its status has not changed, and its owner and admins still see it.
    const mine = await mineNow(property.id);
    expect(mine?.status).toBe('available');
    expect((await owner.browser.get(`/api/properties/${property.id}`)).status).toBe(200);
    expect((await admin.get(`/api/properties/${property.id}`)).status).toBe(200);

    expect((await myListings(owner.browser, { action: 'confirm', payload: { id: property.id } })).status).toBe(200);
    const confirmed = Date.now();
    expect((await new Browser(system.url).get(`/api/properties/${property.id}`)).status).toBe(200);
    // The promise is one second; a loaded machine gets a generous wait, and the log says what it took.
    await until(async () => (await searchIds(property.title)).includes(property.id), 'the confirmed listing back in search', 15_000);
    console.log(`confirm → the listing back in search: ${Date.now() - confirmed} ms`);
  });

  test('after 21 days the owner is mailed once in their language, with a one-time link that needs no password', async () => {
    const french = await signUp(system, 'landlord', { verified: true, name: 'Ebanda Serge' });
    expect((await french.browser.request('PATCH', '/api/user/me', { language: 'fr' })).status).toBe(200);
    const property = await publicListing(french);
    await confirmedDaysAgo(property.id, 50);
    await until(async () => !(await searchIds(property.title)).includes(property.id), 'the stale listing out of search');

    const [mail] = await until(async () => (await remindersTo(french.user.email, property.title)).length > 0 && remindersTo(french.user.email, property.title), 'the reminder mail');
    expect(mail).toMatch(/^Subject: Votre annonce est-elle toujours disponible \?/m);
    expect(mail).toContain('Bonjour Ebanda Serge,');
    expect(mail).toContain(`il y a 50 jours que votre annonce « ${property.title} »`);
    const [token] = reminderTokens([mail], property.title);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail).toContain(`http://localhost:3000/confirm-availability?token=${token}&lang=fr`);
    // Only its hash is stored.
    const stored = await db.query(`SELECT token_hash FROM "listings"."availability_links" WHERE property_id = $1::uuid`, [property.id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).not.toContain(token);

    // Several more sweeps: still one mail in this period.
    await new Promise((r) => setTimeout(r, 800));
    expect(await remindersTo(french.user.email, property.title)).toHaveLength(1);

    // The link, by anyone holding it, without a session: confirmed, back in search.
    const used = await confirmLink(token, { 'accept-language': 'fr' });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ message: MESSAGES_FR.freshness.confirmed, data: { propertyId: property.id, title: property.title } });
    await until(async () => (await searchIds(property.title)).includes(property.id), 'the confirmed listing back in search', 1000);

    // Twice: 410; a token nobody was sent: 404.
    const again = await confirmLink(token);
    expect([again.status, again.body]).toEqual([410, { message: MESSAGES.freshness.linkUsed }]);
    const unknown = await confirmLink('x'.repeat(43));
    expect([unknown.status, unknown.body]).toEqual([404, { message: MESSAGES.freshness.linkInvalid }]);
    expect((await confirmLink('')).status).toBe(400);
  });

  test('an expired link is refused with 410, and the listing stays out of search', async () => {
    const property = await publicListing();
    await confirmedDaysAgo(property.id, 60);
    const [mail] = await until(async () => (await remindersTo(owner.user.email, property.title)).length > 0 && remindersTo(owner.user.email, property.title), 'the reminder mail');
    expect(mail).toMatch(/^Subject: Is your listing still available\?/m);
    const [token] = reminderTokens([mail], property.title);
    await db.query(`UPDATE "listings"."availability_links" SET expires_at = (now() AT TIME ZONE 'UTC') - interval '1 minute' WHERE property_id = $1::uuid`, [property.id]);

    const expired = await confirmLink(token);
    expect([expired.status, expired.body]).toEqual([410, { message: MESSAGES.freshness.linkExpired }]);
    expect((await new Browser(system.url).get(`/api/properties/${property.id}`)).status).toBe(404);
  });

  test('a listing that is rented gets no reminder', async () => {
    const property = await publicListing();
    expect((await myListings(owner.browser, { action: 'update', payload: { id: property.id, data: { status: 'rented' } } })).status).toBe(200);
    await confirmedDaysAgo(property.id, 30);
    await new Promise((r) => setTimeout(r, 800));
    expect(await remindersTo(owner.user.email, property.title)).toEqual([]);
  });
});

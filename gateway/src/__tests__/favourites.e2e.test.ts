// Favourites (docs/api.md#favourites), against the real auth, listings and moderation services:
// adding and removing (idempotent), the list with rented and deactivated listings marked and a
// deleted one gone, the device list's cards telling nothing of a hidden listing, the merge at
// log-in, the cap, and bad ids.
import pg from 'pg';
import { LIMITS, LISTINGS_PATTERNS, type FavouriteCardsResponse, type FavouritesResponse, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let admin: Browser;
let owner: { browser: Browser; user: PublicUser };
let db: pg.Client;
const town = `Favourite Town ${Date.now()}`;

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation'], env: TEST_ADMIN });
  admin = (await signInAdmin(system)).browser;
  owner = await signUp(system, 'landlord', { verified: true, name: 'Ngono Marie' });
  db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
});

let made = 0;
/** A listing of the owner's, waiting for review. */
async function listing(): Promise<PropertyRead> {
  const rpc = await rpcFor(system);
  try {
    return await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.user.id, role: 'landlord', isVerified: true, name: owner.user.name },
      data: {
        category: 'residential',
        propertyType: 'studio',
        title: `Studio ${++made} in ${town}`,
        paymentTerm: 'monthly',
        price: 40_000 + made,
        caution: 0,
        description: 'Near the road, with water and electricity.',
        availability: 'available',
        location: { country: 'Cameroon', town, neighbourhood: 'Molyko' },
        specifications: { bedrooms: 1, toilets: 1, kitchens: 1, livingRooms: 1, size: 25 },
        amenities: ['water'],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
}

/** Approved by staff, and public once listings has applied the decision. */
async function approved(): Promise<PropertyRead> {
  const property = await listing();
  expect((await admin.post(`/api/admin/properties/${property.id}/review`, { action: 'approve' })).status).toBe(200);
  const until = Date.now() + 8000;
  while ((await new Browser(system.url).get(`/api/properties/${property.id}`)).status !== 200) {
    if (Date.now() > until) throw new Error('the approved listing never became public');
    await new Promise((r) => setTimeout(r, 25));
  }
  return property;
}

const put = (as: Browser, id: string, headers?: Record<string, string>) => as.request('PUT', `/api/favourites/${id}`, undefined, headers);
const del = (as: Browser, id: string) => as.request('DELETE', `/api/favourites/${id}`);
const setStatus = (id: string, status: string) =>
  owner.browser.post('/api/property/my-listings', { action: 'update', payload: { id, data: { status } } });

describe('favourites', () => {
  let a: PropertyRead, b: PropertyRead, c: PropertyRead, d: PropertyRead, pending: PropertyRead;

  beforeAll(async () => {
    [a, b, c, d] = [await approved(), await approved(), await approved(), await approved()];
    pending = await listing();
  }, 120_000);

  it('adds and removes a favourite, each twice without harm; a hidden or unknown listing is 404, signed out 401', async () => {
    const renter = (await signUp(system, 'renter')).browser;
    const added = await put(renter, a.id);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ message: 'Saved to your favourites', propertyId: a.id, favourite: true, total: 1 });
    expect((await put(renter, a.id)).body).toMatchObject({ favourite: true, total: 1 });
    expect((await renter.get('/api/favourites/ids')).body).toEqual({ propertyIds: [a.id] });
    // In French for a French reader.
    expect((await put(renter, a.id, { 'accept-language': 'fr' })).body.message).toBe('Ajoutée à vos favoris');

    const removed = await del(renter, a.id);
    expect(removed.body).toEqual({ message: 'Removed from your favourites', propertyId: a.id, favourite: false, total: 0 });
    expect((await del(renter, a.id)).status).toBe(200);
    expect((await renter.get('/api/favourites/ids')).body).toEqual({ propertyIds: [] });

    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await put(renter, id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Property not found' });
    }
    // Its owner may keep their own listing while it waits for review.
    expect((await put(owner.browser, pending.id)).status).toBe(200);
    expect((await put(new Browser(system.url), a.id)).status).toBe(401);
    expect((await new Browser(system.url).get('/api/favourites')).status).toBe(401);
  });

  it('keeps a rented and a deactivated favourite in the list, marked and without contact details; a deleted one leaves it', async () => {
    const renter = (await signUp(system, 'renter')).browser;
    for (const p of [d, c, b, a]) expect((await put(renter, p.id)).status).toBe(200);
    expect((await setStatus(b.id, 'rented')).status).toBe(200);
    expect((await setStatus(c.id, 'deactivated')).status).toBe(200);
    expect((await owner.browser.post('/api/property/my-listings', { action: 'delete', payload: { id: d.id } })).status).toBe(200);

    const res = await renter.get('/api/favourites');
    expect(res.status).toBe(200);
    const list = res.body as FavouritesResponse;
    expect(list.total).toBe(3);
    expect(list.favourites.map((f) => [f.propertyId, f.available, f.state])).toEqual([
      [a.id, true, 'available'],
      [b.id, false, 'rented'],
      [c.id, false, 'deactivated'],
    ]);
    const [first, rented] = list.favourites;
    expect(first.property).toMatchObject({ title: a.title, town, author: { whatsapp: owner.user.whatsapp } });
    // What the renter saw when keeping it, but no longer a way to contact the owner.
    expect(rented.property).toMatchObject({ title: b.title, price: b.price, town, description: '', author: { name: '', email: '', whatsapp: '' } });
    expect((await renter.get('/api/favourites/ids')).body.propertyIds).toEqual([a.id, b.id, c.id]);

    // Available again: no longer marked.
    expect((await setStatus(b.id, 'available')).status).toBe(200);
    const again = (await renter.get('/api/favourites')).body as FavouritesResponse;
    expect(again.favourites.find((f) => f.propertyId === b.id)).toMatchObject({ available: true, state: 'available' });
  });

  it('gives anyone the cards of a device list, telling nothing of a hidden listing, then merges the list into the account at log-in', async () => {
    // c is deactivated, d deleted, pending never approved.
    const unknown = '00000000-0000-4000-8000-000000000001';
    const device = [a.id, pending.id, c.id, unknown, d.id];
    const anonymous = new Browser(system.url);
    const cards = await anonymous.get(`/api/favourites/cards?ids=${device.join(',')}`);
    expect(cards.status).toBe(200);
    const { favourites } = cards.body as FavouriteCardsResponse;
    expect(favourites.map((f) => [f.propertyId, f.state])).toEqual([
      [a.id, 'available'],
      [pending.id, 'unavailable'],
      [c.id, 'unavailable'],
    ]);
    expect(favourites[0].property).toMatchObject({ title: a.title });
    expect(favourites[1]).toEqual({ propertyId: pending.id, available: false, state: 'unavailable', property: null });
    expect(cards.text).not.toContain(pending.title);
    expect(cards.text).not.toContain(c.title);

    // A renter with a favourite already on the account logs in on this device.
    const { browser, user, password } = await signUp(system, 'renter');
    expect((await put(browser, b.id)).status).toBe(200);
    expect((await anonymous.post('/api/auth/login', { email: user.email, password })).status).toBe(200);
    const merged = await anonymous.post('/api/favourites/merge', { propertyIds: device });
    expect(merged.status).toBe(200);
    // Only a: the hidden, deleted and unknown ones are left out.
    expect(merged.body).toEqual({ added: 1, propertyIds: [a.id, b.id] });
    expect((await anonymous.post('/api/favourites/merge', { propertyIds: device })).body).toEqual({ added: 0, propertyIds: [a.id, b.id] });
    const list = (await anonymous.get('/api/favourites')).body as FavouritesResponse;
    expect(list.favourites.map((f) => f.propertyId)).toEqual([a.id, b.id]);
    expect((await new Browser(system.url).post('/api/favourites/merge', { propertyIds: [a.id] })).status).toBe(401);
  });

  it('refuses ids that are not property ids and too many at once (400, nothing changed)', async () => {
    const { browser } = await signUp(system, 'renter');
    const anonymous = new Browser(system.url);
    const bad = await anonymous.get('/api/favourites/cards?ids=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^ids\.0: Each id must be a property id\.$/);
    const many = Array.from({ length: LIMITS.favourites.maxIdsPerRequest + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await anonymous.get(`/api/favourites/cards?ids=${many.join(',')}`)).status).toBe(400);
    expect((await anonymous.get('/api/favourites/cards?ids=')).body).toEqual({ favourites: [] });
    expect((await browser.post('/api/favourites/merge', { propertyIds: [a.id, 'x'] })).status).toBe(400);
    expect((await browser.post('/api/favourites/merge', { propertyIds: many })).status).toBe(400);
    // Hostile shapes are refused the same way, never a 500.
    for (const [method, path, body] of [
      ['PUT', '/api/favourites/%E2%80%AEevil', undefined],
      ['DELETE', `/api/favourites/${'9'.repeat(5000)}`, undefined],
      ['POST', '/api/favourites/merge', '{{{{'],
      ['POST', '/api/favourites/merge', { propertyIds: { 0: a.id } }],
      ['POST', '/api/favourites/merge', { propertyIds: [[a.id], 7, null] }],
      ['GET', `/api/favourites/cards?ids=${'x'.repeat(5000)}`, undefined],
    ] as const) {
      const res = await browser.request(method, path, body);
      expect([method, path, res.status === 400 || res.status === 404 ? "refused" : res.status]).toEqual([method, path, "refused"]);
    }
    // Not `ids` at all: nothing asked, nothing answered.
    expect((await anonymous.get('/api/favourites/cards?ids[a]=b')).body).toEqual({ favourites: [] });
    expect((await browser.get('/api/favourites/ids')).body).toEqual({ propertyIds: [] });
  });

  it(`keeps at most ${LIMITS.favourites.maxPerUser} favourites (409 with a clear text; a merge stops at the cap)`, async () => {
    const { browser, user } = await signUp(system, 'renter');
    // Copies of a, inserted straight into the database: posting 100 listings would take minutes.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO "listings"."properties" (id, owner_id, category, property_type, title, description, price, payment_term,
         status, is_verified, review_state, town, neighbourhood, updated_at)
       SELECT gen_random_uuid(), owner_id, category, property_type, title || ' copy ' || n, description, price, payment_term,
         status, is_verified, review_state, town, neighbourhood, now()
       FROM "listings"."properties", generate_series(1, $2::int) n WHERE id = $1::uuid RETURNING id::text AS id`,
      [a.id, LIMITS.favourites.maxPerUser],
    );
    const merged = await browser.post('/api/favourites/merge', { propertyIds: rows.map((r) => r.id) });
    expect(merged.body.added).toBe(LIMITS.favourites.maxPerUser);
    const refused = await put(browser, a.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: `You can keep at most ${LIMITS.favourites.maxPerUser} favourites. Remove one to add another.` });
    expect((await browser.post('/api/favourites/merge', { propertyIds: [a.id] })).body.added).toBe(0);
    // Removing one makes room again.
    expect((await del(browser, rows[0].id)).body.total).toBe(LIMITS.favourites.maxPerUser - 1);
    expect((await put(browser, a.id)).status).toBe(200);
    expect((await db.query(`SELECT count(*)::int AS n FROM "listings"."favourites" WHERE user_id = $1::uuid`, [user.id])).rows[0].n).toBe(
      LIMITS.favourites.maxPerUser,
    );
  });

  it('is in the OpenAPI document with request and answer schemas', async () => {
    const doc = (await new Browser(system.url).get('/api/docs/openapi.json')).body as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    };
    expect(doc.paths['/api/favourites']?.get?.responses['200']?.content?.['application/json']?.schema).toBeDefined();
    expect(doc.paths['/api/favourites/cards']?.get?.responses['400']).toBeDefined();
    expect(doc.paths['/api/favourites/merge']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/favourites/{propertyId}']?.put?.responses['409']).toBeDefined();
    expect(doc.paths['/api/favourites/{propertyId}']?.delete?.responses['200']).toBeDefined();
  });
});

// Staff's daily figures (docs/api.md#staff-figures), against the real gateway, auth, listings and
// moderation with PostgreSQL and NATS: a search that finds nothing shows among "searches that found
// nothing" by town, type and price band once listings has written its counts (every few seconds);
// a posting and staff's decision count on their day; moderation tells its queues (a report
// waiting); only staff read the figures.
import { FIGURES, LISTINGS_PATTERNS, MESSAGES, MESSAGES_FR, type AdminFigures, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let admin: Browser;
let owner: { browser: Browser; user: PublicUser };
let renter: { browser: Browser; user: PublicUser };

async function postListing(title: string): Promise<PropertyRead> {
  const rpc = await rpcFor(system);
  try {
    return await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.user.id, role: 'landlord', isVerified: true, name: owner.user.name },
      data: {
        category: 'residential',
        propertyType: 'studio',
        title,
        paymentTerm: 'monthly',
        price: 45_000,
        caution: 0,
        description: 'Near the road, with water and electricity.',
        availability: 'available',
        location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko' },
        specifications: { bedrooms: 1, toilets: 1, kitchens: 1, livingRooms: 1, size: 25 },
        amenities: ['water'],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
}

/** Asks until `done` holds (listings writes the searches it counted every FIGURES.searchFlushMs). */
async function figuresWhen(done: (figures: AdminFigures) => boolean): Promise<AdminFigures> {
  const until = Date.now() + 4 * FIGURES.searchFlushMs + 10_000;
  for (;;) {
    const res = await admin.get('/api/admin/figures?days=30');
    expect(res.status).toBe(200);
    const figures = res.body as AdminFigures;
    if (done(figures) || Date.now() > until) return figures;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation'], env: TEST_ADMIN });
  admin = (await signInAdmin(system)).browser;
  owner = await signUp(system, 'landlord', { verified: true, name: 'Ngono Marie' });
  renter = await signUp(system, 'renter', { name: 'Awa Nkem' });
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

describe('staff figures', () => {
  it('counts a search that finds nothing by town, type and price band, and a posting and its approval on their day', async () => {
    const listing = await postListing('Studio for the figures');
    expect((await admin.post(`/api/admin/properties/${listing.id}/review`, { action: 'approve' })).status).toBe(200);
    // A renter looks for a studio in Kribi under 20,000 FCFA: nothing there.
    const search = await renter.browser.get('/api/properties/search?town=Kribi&propertyType=studio&maxPrice=20000');
    expect(search.status).toBe(200);
    expect(search.body.total).toBe(0);
    // The renter reports the listing as already rented: the reports queue has one listing waiting.
    expect((await renter.browser.post(`/api/properties/${listing.id}/reports`, { reason: 'rented' })).status).toBe(201);

    const figures = await figuresWhen((f) => f.foundNothing.some((row) => row.town === 'Kribi') && f.days.at(-1)!.approved >= 1);
    expect(figures.days).toHaveLength(30);
    expect(figures.foundNothing).toContainEqual({ town: 'Kribi', propertyType: 'studio', priceBand: 'up-to-25k', searches: 1 });
    expect(figures.searchesByTown).toContainEqual({ town: 'Kribi', searches: 1, foundNothing: 1 });
    expect(figures.days.at(-1)).toMatchObject({ posted: 1, approved: 1, rejected: 0, searches: 1, foundNothing: 1 });
    expect(figures.decisions).toBe(1);
    expect(figures.medianDecisionHours).toBe(0);
    expect(figures.reviewQueue).toEqual({ waiting: 0, oldestHours: null });
    expect(figures.verificationQueue).toEqual({ waiting: 0, oldestHours: null });
    expect(figures.reportsQueue).toMatchObject({ waiting: 1 });
    expect(figures.reportsQueue.oldestHours).toBeGreaterThanOrEqual(0);
    // Numbers only: nothing in the answer names the renter, the owner or the listing.
    const text = JSON.stringify(figures);
    for (const named of [renter.user.name, renter.user.id, owner.user.name, owner.user.id, listing.id, listing.title]) expect(text).not.toContain(named);
  });

  it('is for staff only, and a bad number of days is a 400 naming the field in the language asked', async () => {
    expect((await new Browser(system.url).get('/api/admin/figures')).status).toBe(401);
    expect((await renter.browser.get('/api/admin/figures')).status).toBe(403);
    expect((await owner.browser.get('/api/admin/figures')).status).toBe(403);
    const bad = await admin.get('/api/admin/figures?days=0');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MESSAGES.figures.daysInvalid);
    expect(JSON.stringify(bad.body)).toContain('days');
    const french = await admin.request('GET', '/api/admin/figures?days=abc', undefined, { 'accept-language': 'fr' });
    expect(french.status).toBe(400);
    expect(JSON.stringify(french.body)).toContain(MESSAGES_FR.figures.daysInvalid);
    expect((await admin.get(`/api/admin/figures?days=${FIGURES.maxDays + 1}`)).status).toBe(400);
    const week = await admin.get('/api/admin/figures?days=7');
    expect(week.status).toBe(200);
    expect((week.body as AdminFigures).days).toHaveLength(7);
  });
});

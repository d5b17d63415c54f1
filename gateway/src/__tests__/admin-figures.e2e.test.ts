// Staff's daily figures (docs/api.md#staff-figures), against the real gateway, auth, listings and
// moderation with PostgreSQL and NATS: a search that finds nothing shows among "searches that found
// nothing" by town, type and price band once the gateway has sent its counts (every few seconds);
// every renter's search counts, those the gateway answers from its kept answers or shares with an
// identical one in flight included (they never reach listings), a next page or a refused search
// not; listings refuses a batch of counts out of shape and writes none of it; a posting and
// staff's decision count on their day; moderation tells its queues (a report waiting); only staff
// read the figures.
import { cameroonDay, FIGURES, LISTINGS_PATTERNS, MESSAGES, MESSAGES_FR, type AdminFigures, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { RpcCallError } from '@mboa/platform';
import { wrongOnPurpose } from '@mboa/platform/testing';
import { createGateway } from '../app.js';
import { stopGateway } from '../observability/graceful-shutdown.js';
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

/** Asks until `done` holds (the gateway sends the searches it counted every FIGURES.searchFlushMs). */
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

describe('searches counted at the gateway', () => {
  const townRow = (figures: AdminFigures, town: string) => figures.searchesByTown.find((row) => row.town === town);

  it("counts every renter's search, kept and shared answers included; not a next page, nor a refused search", async () => {
    const renterBrowser = renter.browser;
    // First what must not count: sent first, so once the later searches are seen, these had their chance.
    const nextPage = await renterBrowser.get('/api/properties/search?town=Bertoua&page=2');
    expect(nextPage.status).toBe(200);
    const refused = await renterBrowser.get('/api/properties/search?town=Dschang&minPrice=90000&maxPrice=10000');
    expect(refused.status).toBe(400);

    // The same search three times: listings answers the first, the gateway's kept answer the two others.
    for (let i = 0; i < 3; i++) expect((await renterBrowser.get('/api/properties/search?town=limbe')).status).toBe(200);
    // A search that finds nothing, twice (the second from the kept answer).
    for (let i = 0; i < 2; i++) {
      const nothing = await new Browser(system.url).get('/api/properties/search?town=Kumba&propertyType=apartment&maxPrice=30000');
      expect(nothing.status).toBe(200);
      expect(nothing.body.total).toBe(0);
    }
    // Five identical searches at once (a link shared on WhatsApp): they share one call to listings.
    const together = await Promise.all(Array.from({ length: 5 }, () => new Browser(system.url).get('/api/properties/search?town=Ebolowa&propertyType=studio')));
    for (const res of together) expect(res.status).toBe(200);

    const figures = await figuresWhen((f) => (townRow(f, 'Limbe')?.searches ?? 0) >= 3 && (townRow(f, 'Kumba')?.searches ?? 0) >= 2 && (townRow(f, 'Ebolowa')?.searches ?? 0) >= 5);
    expect(townRow(figures, 'Limbe')).toEqual({ town: 'Limbe', searches: 3, foundNothing: 3 });
    expect(townRow(figures, 'Kumba')).toEqual({ town: 'Kumba', searches: 2, foundNothing: 2 });
    expect(figures.foundNothing).toContainEqual({ town: 'Kumba', propertyType: 'apartment', priceBand: '25k-50k', searches: 2 });
    expect(townRow(figures, 'Ebolowa')).toEqual({ town: 'Ebolowa', searches: 5, foundNothing: 5 });
    expect(townRow(figures, 'Bertoua')).toBeUndefined();
    expect(townRow(figures, 'Dschang')).toBeUndefined();
    // A flush later nothing more has come: three searches stay three.
    await new Promise((r) => setTimeout(r, FIGURES.searchFlushMs + 1_000));
    const later = await figuresWhen(() => true);
    expect(townRow(later, 'Limbe')).toEqual({ town: 'Limbe', searches: 3, foundNothing: 3 });
    expect(townRow(later, 'Ebolowa')?.searches).toBe(5);
  }, 120_000);

  it("a second gateway replica's counts add to the first's, and a replica that stops sends what it counted before it goes", async () => {
    const replica = await createGateway(system.config, { logger: false });
    await replica.listen(0, '127.0.0.1');
    const replicaUrl = `http://127.0.0.1:${(replica.getHttpServer().address() as { port: number }).port}`;
    try {
      expect((await new Browser(system.url).get('/api/properties/search?town=Garoua')).status).toBe(200);
      expect((await new Browser(replicaUrl).get('/api/properties/search?town=Garoua')).status).toBe(200);
      expect((await new Browser(replicaUrl).get('/api/properties/search?town=Garoua')).status).toBe(200);
    } finally {
      // Stopped as a deploy stops it, at once: well within FIGURES.searchFlushMs of its searches.
      await stopGateway(replica, { graceMs: 5_000, quietMs: 0 });
    }
    // The stopped replica's two searches were sent as it stopped, before its NATS client closed.
    const figures = await figuresWhen((f) => (townRow(f, 'Garoua')?.searches ?? 0) >= 3);
    expect(townRow(figures, 'Garoua')).toEqual({ town: 'Garoua', searches: 3, foundNothing: 3 });
  }, 120_000);

  it('listings refuses a batch of counts out of shape (a town typed, a name, a negative count, a day long past) and writes none of it', async () => {
    const rpc = await rpcFor(system);
    try {
      const today = cameroonDay(new Date());
      const good = { day: today, town: 'Maroua', propertyType: 'studio', priceBand: 'any', searches: 4, foundNothing: 1 };
      const bad = [
        { ...good, town: 'Chez Paul Mbarga' },
        { ...good, renter: renter.user.id },
        { ...good, searches: -1, foundNothing: 0 },
        { ...good, foundNothing: 5 },
        { ...good, day: '2020-01-01' },
        { ...good, propertyType: 'castle' },
        // The same day, town, type and band twice: one statement could not add both.
        { ...good, searches: 1, foundNothing: 0 },
      ];
      for (const row of bad) {
        const refusal = await rpc.call(LISTINGS_PATTERNS.searchesCounted, wrongOnPurpose({ tallies: [good, row] })).catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(RpcCallError);
        expect((refusal as RpcCallError).status).toBe(400);
      }
      const tooMany = Array.from({ length: FIGURES.searchBatchRows + 1 }, () => good);
      expect(((await rpc.call(LISTINGS_PATTERNS.searchesCounted, { tallies: tooMany }).catch((error: unknown) => error)) as RpcCallError).status).toBe(400);
      expect(((await rpc.call(LISTINGS_PATTERNS.searchesCounted, { tallies: [] }).catch((error: unknown) => error)) as RpcCallError).status).toBe(400);
      // A refusal is answered after nothing was written: nothing of Maroua is there.
      expect(townRow(await figuresWhen(() => true), 'Maroua')).toBeUndefined();

      // The same row in a batch of its own is added, and a second batch adds to it (replicas each send theirs).
      expect(await rpc.call(LISTINGS_PATTERNS.searchesCounted, { tallies: [good] })).toEqual({ rows: 1 });
      expect(await rpc.call(LISTINGS_PATTERNS.searchesCounted, { tallies: [good] })).toEqual({ rows: 1 });
      expect(townRow(await figuresWhen(() => true), 'Maroua')).toEqual({ town: 'Maroua', searches: 8, foundNothing: 2 });
    } finally {
      await rpc.close();
    }
  }, 120_000);
});

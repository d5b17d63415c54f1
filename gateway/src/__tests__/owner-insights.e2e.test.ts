// Owner insights (docs/api.md#owner-insights), against the real gateway, auth, listings and
// moderation: every details page the gateway answers is reported to listings as a view (plain
// NATS, written in batches about once a second); one person counts once a day, the owner and staff
// never; a renter who booked is a contact, once a day; only the owner reads the numbers.
import { LISTINGS_PATTERNS, type MyListingsInsightsResponse, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let admin: Browser;
let owner: { browser: Browser; user: PublicUser };
let otherOwner: { browser: Browser; user: PublicUser };
let renter: { browser: Browser; user: PublicUser };
let listing: PropertyRead;
let quiet: PropertyRead;

/** Today in Cameroon (UTC+1), as the answer names days. */
const today = () => new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 10);

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

const insightsOf = async (as: Browser, ids: string) => as.get(`/api/user/my-listings/insights?ids=${ids}`);

/** Asks until `done` holds for the owner's insights (views arrive about a second after the pages). */
async function ownerInsightsWhen(done: (answer: MyListingsInsightsResponse) => boolean): Promise<MyListingsInsightsResponse> {
  const until = Date.now() + 8_000;
  for (;;) {
    const res = await insightsOf(owner.browser, `${listing.id},${quiet.id}`);
    expect(res.status).toBe(200);
    const answer = res.body as MyListingsInsightsResponse;
    if (done(answer) || Date.now() > until) return answer;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation'], env: TEST_ADMIN });
  admin = (await signInAdmin(system)).browser;
  owner = await signUp(system, 'landlord', { verified: true, name: 'Ngono Marie' });
  otherOwner = await signUp(system, 'landlord', { verified: true, name: 'Tabi Paul' });
  renter = await signUp(system, 'renter', { name: 'Awa Nkem' });
  listing = await postListing('Studio in Molyko near the university');
  quiet = await postListing('Studio nobody opened');
  expect((await admin.post(`/api/admin/properties/${listing.id}/review`, { action: 'approve' })).status).toBe(200);
  const until = Date.now() + 8_000;
  while ((await new Browser(system.url).get(`/api/properties/${listing.id}`)).status !== 200) {
    if (Date.now() > until) throw new Error('the approved listing never became public');
    await new Promise((r) => setTimeout(r, 25));
  }
  // That wait opened the page anonymously with fetch's own User-Agent: one visitor already.

  // The owner and staff look first, twice each: never counted.
  for (const browser of [owner.browser, owner.browser, admin, admin]) expect((await browser.get(`/api/properties/${listing.id}`)).status).toBe(200);
  // Two phones behind the same address, told apart by their browsers, and a signed-in renter: twice each.
  for (const agent of ['Phone A (Android 14; Tecno Spark)', 'Phone B (Android 13; Itel A70)']) {
    const phone = new Browser(system.url);
    for (let i = 0; i < 2; i++) expect((await phone.request('GET', `/api/properties/${listing.id}`, undefined, { 'user-agent': agent })).status).toBe(200);
  }
  for (let i = 0; i < 2; i++) expect((await renter.browser.get(`/api/properties/${listing.id}`)).status).toBe(200);
  // The app keeping the listing for offline use, marked as a prefetch: nobody looking.
  const prefetch = await new Browser(system.url).request('GET', `/api/properties/${listing.id}`, undefined, { 'user-agent': 'Phone C', 'sec-purpose': 'prefetch' });
  expect(prefetch.status).toBe(200);
  // The renter asks for the owner's WhatsApp from the listing: a contact.
  const booking = await renter.browser.post('/api/property/bookings', {
    To: { user: owner.user.id, name: owner.user.name, whatsapp: owner.user.whatsapp },
    propertyId: listing.id,
  });
  expect(booking.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

describe('owner insights', () => {
  it('counts each person once a day, not the owner nor staff, and a booking as a contact', async () => {
    const answer = await ownerInsightsWhen((a) => a.listings[0].views30d >= 4);
    expect(answer.to).toBe(today());
    expect(answer.listings.map((l) => l.propertyId)).toEqual([listing.id, quiet.id]);
    const [seen, unseen] = answer.listings;
    // The first anonymous look, the two phones and the renter; the owner's and the admin's views not.
    expect(seen).toMatchObject({ views30d: 4, contacts30d: 1 });
    expect(seen.daily).toHaveLength(30);
    expect(seen.daily[29]).toEqual({ day: today(), views: 4, contacts: 1 });
    expect(seen.daily.slice(0, 29).every((d) => d.views === 0 && d.contacts === 0)).toBe(true);
    expect(unseen).toMatchObject({ views30d: 0, contacts30d: 0 });
    expect(unseen.daily).toHaveLength(30);

    // Looking again the same day changes nothing (after the next batch is written).
    await renter.browser.get(`/api/properties/${listing.id}`);
    await owner.browser.get(`/api/properties/${listing.id}`);
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await ownerInsightsWhen(() => true)).listings[0].views30d).toBe(4);
  });

  it('counts people, not requests: a script changing its User-Agent adds at most 5 a day from one address, 30 bookings by one renter are one contact', async () => {
    const crowded = await postListing('Studio a script keeps opening');
    expect((await admin.post(`/api/admin/properties/${crowded.id}/review`, { action: 'approve' })).status).toBe(200);
    const until = Date.now() + 8_000;
    while ((await owner.browser.get(`/api/properties/${crowded.id}`)).status !== 200) {
      if (Date.now() > until) throw new Error('the approved listing never became public');
      await new Promise((r) => setTimeout(r, 25));
    }
    // One address (this machine), a new User-Agent at every request, no cookie: 30 "phones".
    for (let i = 0; i < 30; i++) {
      const res = await new Browser(system.url).request('GET', `/api/properties/${crowded.id}`, undefined, { 'user-agent': `Bot/${i} (Android ${i})` });
      expect(res.status).toBe(200);
    }
    // A phone where someone once signed in keeps its device cookie after logging out: one
    // visitor, whatever its browser says, and not held by the address's cap.
    const shared = await signUp(system, 'renter', { name: 'Ewane Joel' });
    expect(shared.browser.cookie('mboa_device')).toBeDefined();
    expect((await shared.browser.post('/api/auth/logout', {})).status).toBe(200);
    for (const agent of ['Chrome 120 on Tecno', 'Chrome 121 on Tecno', 'Opera Mini']) {
      expect((await shared.browser.request('GET', `/api/properties/${crowded.id}`, undefined, { 'user-agent': agent })).status).toBe(200);
    }
    // One renter asking for the owner's WhatsApp 30 times, and another once.
    const eager = await signUp(system, 'renter', { name: 'Bih Clarisse' });
    const book = (who: Browser) =>
      who.post('/api/property/bookings', { To: { user: owner.user.id, name: owner.user.name, whatsapp: owner.user.whatsapp }, propertyId: crowded.id });
    for (let i = 0; i < 30; i++) expect((await book(eager.browser)).status).toBe(201);
    expect((await book(renter.browser)).status).toBe(201);

    const read = async () => ((await insightsOf(owner.browser, crowded.id)).body as MyListingsInsightsResponse).listings[0];
    const deadline = Date.now() + 10_000;
    let counts = await read();
    while (counts.views30d < 6 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      counts = await read();
    }
    await new Promise((r) => setTimeout(r, 1_500)); // any late batch has landed
    counts = await read();
    expect(counts).toMatchObject({ views30d: 6, contacts30d: 2 });
    expect(counts.daily[29]).toEqual({ day: today(), views: 6, contacts: 2 });
  }, 120_000);

  it("never tells another owner's numbers, and refuses a malformed list", async () => {
    expect((await insightsOf(otherOwner.browser, listing.id)).status).toBe(404);
    expect((await insightsOf(admin, listing.id)).status).toBe(404);
    expect((await insightsOf(new Browser(system.url), listing.id)).status).toBe(401);
    const bad = await insightsOf(owner.browser, 'not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Give the ids of your listings (ids=…), separated by commas.');
    // In French for a French reader.
    const french = await owner.browser.request('GET', '/api/user/my-listings/insights?ids=', undefined, { 'accept-language': 'fr' });
    expect(french.status).toBe(400);
    expect(french.body.message).toBe('Indiquez les identifiants de vos annonces (ids=…), séparés par des virgules.');
    const tooMany = Array.from({ length: 21 }, () => crypto.randomUUID()).join(',');
    const refused = await insightsOf(owner.browser, tooMany);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('At most 20 listings at a time.');
  });
});

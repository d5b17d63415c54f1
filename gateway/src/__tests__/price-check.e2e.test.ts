// Prices that look wrong (docs/api.md#prices-that-look-wrong), against the real auth, listings and
// moderation services: the admin read's priceCheck and the details answer's typicalPrice, from the
// listings staff approved. Each scenario has its own town, so other tests' listings never count.
import pg from 'pg';
import { LISTINGS_PATTERNS, type AdminPropertyRead, type PaymentTerm, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let admin: Browser;
let owner: { browser: Browser; user: PublicUser };
let db: pg.Client;

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation'], env: TEST_ADMIN });
  admin = (await signInAdmin(system)).browser;
  owner = await signUp(system, 'landlord', { verified: true, name: 'Ekane Joseph' });
  db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await system?.stop();
});

let made = 0;
/** A listing of the owner's in `town`, waiting for review. */
async function listing(town: string, price: number, paymentTerm: PaymentTerm, propertyType: 'studio' | 'apartment' = 'studio'): Promise<PropertyRead> {
  const rpc = await rpcFor(system);
  try {
    return await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.user.id, role: 'landlord', isVerified: true, name: owner.user.name },
      data: {
        category: 'residential',
        propertyType,
        title: `Studio ${town} ${++made}`,
        paymentTerm,
        price,
        caution: 0,
        description: 'Studio with water and electricity, near the road.',
        availability: 'available',
        location: { country: 'Cameroon', town, neighbourhood: 'Molyko' },
        specifications: { bedrooms: 1, toilets: 1, kitchens: 1, livingRooms: propertyType === 'apartment' ? 1 : 0, size: 25 },
        amenities: ['water'],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
}

/** Approved by staff, and public once listings has applied the decision. */
async function approved(town: string, price: number, paymentTerm: PaymentTerm, propertyType?: 'studio' | 'apartment'): Promise<PropertyRead> {
  const property = await listing(town, price, paymentTerm, propertyType);
  expect((await admin.post(`/api/admin/properties/${property.id}/review`, { action: 'approve' })).status).toBe(200);
  const until = Date.now() + 8000;
  while ((await new Browser(system.url).get(`/api/properties/${property.id}`)).status !== 200) {
    if (Date.now() > until) throw new Error('the approved listing never became public');
    await new Promise((r) => setTimeout(r, 25));
  }
  return property;
}

async function adminRead(id: string): Promise<AdminPropertyRead> {
  const res = await admin.get(`/api/admin/properties/${id}`);
  expect(res.status).toBe(200);
  return res.body.property as AdminPropertyRead;
}

async function details(id: string, as = new Browser(system.url)): Promise<PropertyRead> {
  const res = await as.get(`/api/properties/${id}`);
  expect(res.status).toBe(200);
  return res.body as PropertyRead;
}

describe('prices that look wrong', () => {
  const town = `Price Town ${Date.now()}`;
  let first: PropertyRead;

  beforeAll(async () => {
    // Monthly equivalents 45,000, 45,000 (a quarter), 40,000 (a year), 50,000 and 60,000: median 45,000.
    first = await approved(town, 45_000, 'monthly');
    await approved(town, 135_000, 'quarterly');
    await approved(town, 480_000, 'yearly');
    await approved(town, 50_000, 'monthly');
    await approved(town, 60_000, 'monthly');
    // Neither another type nor a daily stay counts for a long-stay studio.
    await approved(town, 1_000, 'monthly', 'apartment');
    await approved(town, 500, 'daily');
  }, 120_000);

  it('a new studio at 12,000 a month is flagged against the median of the five, other terms counted per month', async () => {
    const cheap = await listing(town, 12_000, 'monthly');
    expect((await adminRead(cheap.id)).priceCheck).toEqual({ term: 'monthly', price: 12_000, median: 45_000, comparables: 5, ratio: 0.27, flagged: true });
  });

  it('a yearly price is compared by its monthly equivalent: 216,000 a year (18,000 a month, 40 % exactly) is not flagged, 200,000 is, 420,000 is not', async () => {
    const yearlyCheap = await listing(town, 216_000, 'yearly');
    expect((await adminRead(yearlyCheap.id)).priceCheck).toMatchObject({ term: 'monthly', price: 18_000, median: 45_000, ratio: 0.4, flagged: false });
    const yearlyCheaper = await listing(town, 200_000, 'yearly');
    expect((await adminRead(yearlyCheaper.id)).priceCheck).toMatchObject({ price: 16_667, flagged: true });
    const yearlyFair = await listing(town, 420_000, 'yearly');
    expect((await adminRead(yearlyFair.id)).priceCheck).toMatchObject({ price: 35_000, median: 45_000, comparables: 5, flagged: false });
  });

  it('renters see the typical price per month with its comparables; the listing itself is not one of them', async () => {
    const pending = await listing(town, 30_000, 'monthly');
    // Its owner reads it while it waits: the five approved studios make the median.
    expect((await details(pending.id, owner.browser)).typicalPrice).toEqual({
      amount: 45_000,
      term: 'monthly',
      comparables: 5,
      town,
      propertyType: 'studio',
    });
    // An approved one has only four others: no typical price for it, nor a price check.
    expect((await details(first.id)).typicalPrice).toBeNull();
    expect((await adminRead(first.id)).priceCheck).toBeNull();
  });

  it('a daily stay is compared with daily stays only, per day', async () => {
    const daily = await listing(town, 3_000, 'daily');
    // One daily stay approved so far: nothing to say, whatever the long stays ask.
    expect((await adminRead(daily.id)).priceCheck).toBeNull();
    expect((await details(daily.id, owner.browser)).typicalPrice).toBeNull();
    for (let i = 0; i < 4; i++) await approved(town, 15_000, 'daily');
    expect((await adminRead(daily.id)).priceCheck).toEqual({ term: 'daily', price: 3_000, median: 15_000, comparables: 5, ratio: 0.2, flagged: true });
    expect((await details(daily.id, owner.browser)).typicalPrice).toMatchObject({ amount: 15_000, term: 'daily', comparables: 5 });
  }, 120_000);

  it('with four comparables nothing is flagged and no typical price is shown', async () => {
    const small = `Small Town ${Date.now()}`;
    for (const price of [40_000, 45_000, 50_000, 60_000]) await approved(small, price, 'monthly');
    const cheap = await listing(small, 5_000, 'monthly');
    expect((await adminRead(cheap.id)).priceCheck).toBeNull();
    expect((await details(cheap.id, owner.browser)).typicalPrice).toBeNull();
  }, 120_000);

  it('a listing that leaves search (rented, unconfirmed for 45 days) stops counting at once', async () => {
    const other = `Other Town ${Date.now()}`;
    const five = [];
    for (const price of [40_000, 45_000, 50_000, 55_000, 60_000]) five.push(await approved(other, price, 'monthly'));
    const cheap = await listing(other, 10_000, 'monthly');
    expect((await adminRead(cheap.id)).priceCheck).toMatchObject({ median: 50_000, comparables: 5, flagged: true });
    const res = await owner.browser.post('/api/property/my-listings', { action: 'update', payload: { id: five[0].id, data: { status: 'rented' } } });
    expect(res.status).toBe(200);
    expect((await adminRead(cheap.id)).priceCheck).toBeNull();
    // Back on the market: five again. Then one unconfirmed for 46 days leaves search, and the count.
    const back = await owner.browser.post('/api/property/my-listings', { action: 'update', payload: { id: five[0].id, data: { status: 'available' } } });
    expect(back.status).toBe(200);
    expect((await adminRead(cheap.id)).priceCheck).toMatchObject({ comparables: 5, flagged: true });
    await db.query(`UPDATE "listings"."properties" SET availability_confirmed_at = (now() AT TIME ZONE 'UTC') - interval '46 days' WHERE id = $1::uuid`, [
      five[1].id,
    ]);
    expect((await adminRead(cheap.id)).priceCheck).toBeNull();
  }, 120_000);
});

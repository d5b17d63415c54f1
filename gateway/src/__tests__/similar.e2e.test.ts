// Similar listings (docs/api.md#similar-listings), against the real auth, listings and moderation
// services: GET /api/properties/{id}/similar answers up to 6 public listings of the same category and
// town, the same type first, then the closest price per month. The scenario has its own town, so
// other tests' listings never count.
import pg from 'pg';
import { LISTINGS_PATTERNS, type PaymentTerm, type PropertyRead, type PublicUser, type SimilarListingsResponse } from '@mboa/contracts';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let admin: Browser;
let owner: { browser: Browser; user: PublicUser };
let db: pg.Client;

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

interface Wanted {
  town: string;
  price: number;
  paymentTerm?: PaymentTerm;
  propertyType?: 'studio' | 'apartment' | 'shop';
}

let made = 0;
/** A listing of the owner's, waiting for review. */
async function listing({ town, price, paymentTerm = 'monthly', propertyType = 'studio' }: Wanted): Promise<PropertyRead> {
  const commercial = propertyType === 'shop';
  const rpc = await rpcFor(system);
  try {
    return await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.user.id, role: 'landlord', isVerified: true, name: owner.user.name },
      data: {
        category: commercial ? 'commercial' : 'residential',
        propertyType,
        title: `${propertyType} ${price} ${paymentTerm} ${++made}`,
        paymentTerm,
        price,
        caution: 0,
        description: 'Near the road, with water and electricity.',
        availability: 'available',
        location: { country: 'Cameroon', town, neighbourhood: 'Bonamoussadi' },
        specifications: commercial ? { sections: 1, size: 30 } : { bedrooms: 1, toilets: 1, kitchens: 1, livingRooms: 1, size: 25 },
        amenities: ['water'],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
}

/** Approved by staff, and public once listings has applied the decision. */
async function approved(wanted: Wanted): Promise<PropertyRead> {
  const property = await listing(wanted);
  expect((await admin.post(`/api/admin/properties/${property.id}/review`, { action: 'approve' })).status).toBe(200);
  const until = Date.now() + 8000;
  while ((await new Browser(system.url).get(`/api/properties/${property.id}`)).status !== 200) {
    if (Date.now() > until) throw new Error('the approved listing never became public');
    await new Promise((r) => setTimeout(r, 25));
  }
  return property;
}

async function similarTo(id: string, as = new Browser(system.url)): Promise<PropertyRead[]> {
  const res = await as.get(`/api/properties/${id}/similar`);
  expect(res.status).toBe(200);
  return (res.body as SimilarListingsResponse).properties;
}

describe('similar listings', () => {
  const town = `Similar Town ${Date.now()}`;
  let shown: PropertyRead;
  const expected: PropertyRead[] = [];
  let farApartment: PropertyRead;

  beforeAll(async () => {
    shown = await approved({ town, price: 45_000 });
    // Studios first, closest per month: 45,000 (540,000 a year), 42,000 (1,400 a day), 50,000, 90,000;
    // then apartments: 45,000, 30,000. A seventh (an apartment at 62,000) is one too many.
    expected.push(await approved({ town, price: 90_000 }));
    expected.push(await approved({ town, price: 50_000 }));
    expected.push(await approved({ town, price: 540_000, paymentTerm: 'yearly' }));
    expected.push(await approved({ town, price: 1_400, paymentTerm: 'daily' }));
    expected.push(await approved({ town, price: 30_000, propertyType: 'apartment' }));
    expected.push(await approved({ town, price: 45_000, propertyType: 'apartment' }));
    farApartment = await approved({ town, price: 62_000, propertyType: 'apartment' });
  }, 120_000);

  const titles = (list: PropertyRead[]) => list.map((p) => p.title);

  it('answers at most six of the same town, the same type first, then the closest price per month', async () => {
    const [m90, m50, yearly, daily, apt30, apt45] = expected;
    const similar = await similarTo(shown.id);
    expect(titles(similar)).toEqual(titles([yearly, daily, m50, m90, apt45, apt30]));
    expect(similar.map((p) => p.id)).not.toContain(shown.id);
    expect(similar.map((p) => p.id)).not.toContain(farApartment.id);
    // The cards search answers, with the town and price a card shows.
    expect(similar[0]).toMatchObject({ id: yearly.id, town, price: 540_000, paymentTerm: 'yearly', status: 'available', isVerified: true });
  });

  it('leaves out other categories, other towns, listings waiting for review, rented and held ones', async () => {
    const shop = await approved({ town, price: 45_000, propertyType: 'shop' });
    const elsewhere = await approved({ town: `${town} Bis`, price: 45_000 });
    const pending = await listing({ town, price: 45_000 });
    const rented = await approved({ town, price: 45_000 });
    const held = await approved({ town, price: 45_000 });
    // Both public and at the listing's very price: among the first three, with the yearly studio (45,000 a month too).
    const before = (await similarTo(shown.id)).map((p) => p.id);
    expect(before.slice(0, 3)).toEqual(expect.arrayContaining([rented.id, held.id, expected[2].id]));
    const res = await owner.browser.post('/api/property/my-listings', { action: 'update', payload: { id: rented.id, data: { status: 'rented' } } });
    expect(res.status).toBe(200);
    await db.query(`UPDATE "listings"."properties" SET held_at = now() WHERE id = $1::uuid`, [held.id]);
    const ids = (await similarTo(shown.id)).map((p) => p.id);
    for (const hidden of [shop, elsewhere, pending, rented, held]) expect(ids).not.toContain(hidden.id);
    expect(ids).toHaveLength(6);
    // A shop is compared with the town's other commercial places only: there are none.
    expect(await similarTo(shop.id)).toEqual([]);
  }, 120_000);

  it('is 404 for an unknown listing and, like details, for one the public may not see', async () => {
    expect((await new Browser(system.url).get('/api/properties/00000000-0000-4000-8000-000000000000/similar')).status).toBe(404);
    expect((await new Browser(system.url).get('/api/properties/not-an-id/similar')).status).toBe(404);
    const pending = await listing({ town, price: 44_000 });
    const anonymous = await new Browser(system.url).get(`/api/properties/${pending.id}/similar`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).toMatchObject({ message: 'Property not found' });
    // Its owner sees its details, and so the listings like it.
    expect(titles(await similarTo(pending.id, owner.browser))).toHaveLength(6);
  });

  it('is in the OpenAPI document with its answer schema and its 404', async () => {
    const doc = (await new Browser(system.url).get('/api/docs/openapi.json')).body as {
      paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> } }>;
    };
    const route = doc.paths['/api/properties/{id}/similar']?.get;
    expect(route?.responses['200']?.content?.['application/json']?.schema.properties).toHaveProperty('properties');
    expect(route?.responses['404']).toBeDefined();
  });
});

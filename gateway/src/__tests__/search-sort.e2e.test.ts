// Search orders (docs/api.md#properties, `sort=`) through the real gateway, auth and listings: the
// price orders compare each price's monthly equivalent (a day ×30, a quarter ÷3, a year ÷12), equal
// ones stay newest first, pages follow the same order, and a bad value is a 400 naming the field in
// the caller's language.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_TYPES, LISTINGS_PATTERNS, MESSAGES, MESSAGES_FR, type PaymentTerm, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { publishEvent, type RpcClient } from '@mboa/platform';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';
import { eventually } from '@mboa/platform/testing';

let system: TestSystem;
let rpc: RpcClient;
let nc: NatsConnection;
let landlord: PublicUser;
let staff: PublicUser;
const FRENCH = { 'accept-language': 'fr-CM,fr;q=0.9,en;q=0.5' };

/** Posted and approved in this order, so the later one is the newer. */
const LISTED: Array<{ key: string; paymentTerm: PaymentTerm; price: number }> = [
  { key: 'monthly45', paymentTerm: 'monthly', price: 45_000 },
  { key: 'yearly45', paymentTerm: 'yearly', price: 540_000 }, // 45 000 a month
  { key: 'daily45', paymentTerm: 'daily', price: 1_500 }, // 45 000 a month
  { key: 'quarterly30', paymentTerm: 'quarterly', price: 90_000 }, // 30 000 a month
  { key: 'daily150', paymentTerm: 'daily', price: 5_000 }, // 150 000 a month: cheapest listed price
  { key: 'yearly25', paymentTerm: 'yearly', price: 300_000 }, // 25 000 a month
  { key: 'monthly60', paymentTerm: 'monthly', price: 60_000 },
];
const CHEAPEST = ['yearly25', 'quarterly30', 'daily45', 'yearly45', 'monthly45', 'monthly60', 'daily150'];
const DEAREST = ['daily150', 'monthly60', 'daily45', 'yearly45', 'monthly45', 'quarterly30', 'yearly25'];
const NEWEST = [...LISTED].reverse().map((l) => l.key);
const idOf = new Map<string, string>();
const keyOf = new Map<string, string>();

async function approve(id: string) {
  await publishEvent(
    nc,
    {
      type: EVENT_TYPES.propertyApproved,
      payload: { propertyId: id, action: 'approve', feedback: '', reviewerId: staff.id, decidedAt: new Date().toISOString() },
      source: 'moderation',
    },
    { prefix: system.context.subjectPrefix },
  );
}

const anon = () => new Browser(system.url);
async function keys(query: string, headers: Record<string, string> = {}): Promise<string[]> {
  const res = await anon().request('GET', `/api/properties/search?town=Limbe${query}`, undefined, headers);
  expect(res.status).toBe(200);
  return (res.body.properties as PropertyRead[]).map((p) => keyOf.get(p.id) ?? p.id);
}

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings'], env: TEST_ADMIN });
  rpc = await rpcFor(system);
  nc = await connect({ servers: system.context.natsUrl });
  staff = (await signInAdmin(system)).user;
  landlord = (await signUp(system, 'landlord', { verified: true })).user;
  for (const l of LISTED) {
    const property = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: landlord.id, role: landlord.role, isVerified: true },
      data: {
        category: 'residential',
        propertyType: 'apartment',
        title: `Sorted flat ${l.key}`,
        description: 'Two bedrooms near the beach, water and electricity.',
        paymentTerm: l.paymentTerm,
        price: l.price,
        caution: 0,
        availability: 'available',
        location: { country: 'Cameroon', town: 'Limbe', neighbourhood: 'Down Beach' },
        amenities: ['water'],
        specifications: { bedrooms: 2, toilets: 1, kitchens: 1, livingRooms: 1, size: 60 },
      },
      images: [
        {
          large: { url: `/media/e2e/${l.key}.webp`, key: `e2e/${l.key}.webp`, width: 1024, height: 683, bytes: 80000, mimeType: 'image/webp' },
          thumbnail: { url: `/media/e2e/${l.key}-t.webp`, key: `e2e/${l.key}-t.webp`, width: 320, height: 213, bytes: 8000, mimeType: 'image/webp' },
          alt: 'Living room',
        },
      ],
    });
    idOf.set(l.key, property.id);
    keyOf.set(property.id, l.key);
    await approve(property.id);
    // One at a time, so each is indexed (and dated) after the one before.
    expect((await eventually(() => keys('&limit=50'), (ks) => ks.includes(l.key))).includes(l.key)).toBe(true);
  }
}, 120_000);

afterAll(async () => {
  await rpc?.close();
  await nc?.drain();
  await system?.stop();
}, 120_000);

describe('sort=', () => {
  it('price-asc and price-desc order by the monthly equivalent across terms, equal ones newest first', async () => {
    expect(await keys('&sort=price-asc')).toEqual(CHEAPEST);
    expect(await keys('&sort=price-desc')).toEqual(DEAREST);
  });

  it('newest is the default, and an empty value means it too', async () => {
    expect(await keys('')).toEqual(NEWEST);
    expect(await keys('&sort=newest')).toEqual(NEWEST);
    expect(await keys('&sort=')).toEqual(NEWEST);
  });

  it('pages follow the order, without a gap or a repeat', async () => {
    for (const [sort, order] of [['price-asc', CHEAPEST], ['price-desc', DEAREST]] as const) {
      const pages = [];
      for (const page of [1, 2, 3]) {
        const res = await anon().get(`/api/properties/search?town=Limbe&sort=${sort}&limit=3&page=${page}`);
        expect(res.body).toMatchObject({ total: 7, page, totalPages: 3 });
        pages.push(...(res.body.properties as PropertyRead[]).map((p) => keyOf.get(p.id)));
      }
      expect(pages).toEqual(order);
    }
  });

  it('orders text matches by price too', async () => {
    expect(await keys('&search=sorted%20flat&sort=price-asc')).toEqual(CHEAPEST);
    expect(await keys('&search=sorted&sort=price-desc&limit=2&page=2')).toEqual(DEAREST.slice(2, 4));
  });

  it('answers each order, not the one cached a moment before', async () => {
    const [asc, desc, newest] = await Promise.all([keys('&sort=price-asc'), keys('&sort=price-desc'), keys('')]);
    expect([asc, desc, newest]).toEqual([CHEAPEST, DEAREST, NEWEST]);
  });

  it.each(['cheapest', 'price', 'price-asc,newest'])('%s is a 400 naming the field, in the reader\'s language', async (value) => {
    const en = await anon().get(`/api/properties/search?sort=${encodeURIComponent(value)}`);
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ message: MESSAGES.property.sortInvalid, errors: [`sort: ${MESSAGES.property.sortInvalid}`] });

    const fr = await anon().request('GET', `/api/properties/search?sort=${encodeURIComponent(value)}`, undefined, FRENCH);
    expect(fr.status).toBe(400);
    expect(fr.body).toEqual({ message: 'Le tri doit être newest, price-asc, price-desc ou distance', errors: [`sort: ${MESSAGES_FR.property.sortInvalid}`] });
  });
});

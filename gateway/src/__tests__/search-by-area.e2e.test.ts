// Search by area and the map (docs/api.md#search-by-area-and-the-map, issue 28) through the real gateway, auth and listings:
// a box keeps the listings whose approximate area centre is inside it (never one without a pin),
// `near` puts distanceKm on cards and `sort=distance` orders by it (unpinned last), the map answers
// area centres (never a pin), and every bad box or place is a 400 naming the field.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  distanceKm,
  EVENT_TYPES,
  GEO,
  LISTINGS_PATTERNS,
  MESSAGES,
  MESSAGES_FR,
  type GeoPoint,
  type MapResponse,
  type PropertyRead,
  type PublicUser,
} from '@mboa/contracts';
import { publishEvent, type RpcClient } from '@mboa/platform';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';
import { eventually } from '@mboa/platform/testing';

const G = MESSAGES.geo;
const FRENCH = { 'accept-language': 'fr-CM,fr;q=0.9,en;q=0.5' };

let system: TestSystem;
let rpc: RpcClient;
let nc: NatsConnection;
let landlord: PublicUser;
let staff: PublicUser;

/**
 * Posted in this order around Kribi, kilometres apart (an area centre is at most GEO.areaOffsetMaxM
 * from its pin, so the order by distance from `near` is the pins' order). `unpinned` has none.
 */
const LISTED: Array<{ key: string; pin: GeoPoint | null }> = [
  { key: 'beach', pin: { lat: 2.94, lng: 9.91 } },
  { key: 'port', pin: { lat: 2.96, lng: 9.93 } },
  { key: 'hills', pin: { lat: 3.0, lng: 9.97 } },
  { key: 'unpinned', pin: null },
];
const NEAR = '2.94,9.91';
/** Holds beach and port (with any offset), not hills. */
const BOX = '9.88,2.9,9.95,2.98';
const idOf = new Map<string, string>();
const keyOf = new Map<string, string>();
const areaOf = new Map<string, GeoPoint>();

const anon = () => new Browser(system.url);

async function search(query: string): Promise<{ keys: string[]; properties: PropertyRead[]; total: number }> {
  const res = await anon().get(`/api/properties/search?town=Kribi&${query}`);
  expect(res.status).toBe(200);
  const properties = res.body.properties as PropertyRead[];
  return { keys: properties.map((p) => keyOf.get(p.id) ?? p.id), properties, total: res.body.total as number };
}

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
        title: `Mapped flat ${l.key}`,
        description: 'Two bedrooms near the sea, water and electricity.',
        paymentTerm: 'monthly',
        price: 60_000,
        caution: 0,
        availability: 'available',
        location: { country: 'Cameroon', town: 'Kribi', neighbourhood: 'Centre', ...(l.pin ? { pin: l.pin } : {}) },
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
    expect((await eventually(() => search('limit=50'), (r) => r.keys.includes(l.key))).keys).toContain(l.key);
    const details = await anon().get(`/api/properties/${property.id}`);
    const area = (details.body as PropertyRead).location.area;
    if (l.pin) {
      expect(area).toBeDefined();
      areaOf.set(l.key, { lat: area!.lat, lng: area!.lng });
    } else expect(area).toBeUndefined();
  }
}, 120_000);

afterAll(async () => {
  await rpc?.close();
  await nc?.drain();
  await system?.stop();
}, 120_000);

describe('GET /api/properties/search by area', () => {
  it('bbox keeps the listings whose area centre is in the box, never one without a pin', async () => {
    expect(await search(`bbox=${BOX}`)).toMatchObject({ keys: ['port', 'beach'], total: 2 });
    expect((await search('bbox=9.5,2.5,10.5,3.5')).keys).toEqual(['hills', 'port', 'beach']);
    expect((await search('bbox=12,4,13,5')).keys).toEqual([]);
  });

  it('sort=distance orders nearest first from near, listings without a pin last', async () => {
    expect((await search(`near=${NEAR}&sort=distance`)).keys).toEqual(['beach', 'port', 'hills', 'unpinned']);
    expect((await search(`near=3.0,9.97&sort=distance`)).keys).toEqual(['hills', 'port', 'beach', 'unpinned']);
    expect((await search(`near=${NEAR}&sort=distance&limit=2&page=2`)).keys).toEqual(['hills', 'unpinned']);
  });

  it('near puts on each pinned card its distance to the area centre, in kilometres', async () => {
    const near = { lat: 2.94, lng: 9.91 };
    const { properties } = await search(`near=${NEAR}`);
    for (const card of properties) {
      const area = areaOf.get(keyOf.get(card.id)!);
      if (area) expect(card.distanceKm).toBe(distanceKm(near, area));
      else expect(card).not.toHaveProperty('distanceKm');
    }
    // Without near, no card has one (the answer kept for a search with near is not reused).
    expect((await search('')).properties.some((p) => 'distanceKm' in p)).toBe(false);
  });

  it('tells two boxes apart (each answer is kept under its own box)', async () => {
    const [narrow, wide] = await Promise.all([search(`bbox=${BOX}`), search('bbox=9.5,2.5,10.5,3.5')]);
    expect([narrow.keys, wide.keys]).toEqual([['port', 'beach'], ['hills', 'port', 'beach']]);
  });
});

describe('GET /api/properties/map', () => {
  it('answers the area centres in the box, newest first, with the count', async () => {
    const res = await anon().get(`/api/properties/map?town=Kribi&bbox=${BOX}`);
    expect(res.status).toBe(200);
    const body = res.body as MapResponse;
    expect(body).toMatchObject({ total: 2, truncated: false });
    expect(body.points).toEqual(
      ['port', 'beach'].map((key) => ({ id: idOf.get(key), ...areaOf.get(key), price: 60_000, paymentTerm: 'monthly' })),
    );
  });

  it('applies the search filters', async () => {
    const none = await anon().get(`/api/properties/map?bbox=${BOX}&category=commercial`);
    expect(none.body).toEqual({ points: [], total: 0, truncated: false });
    const text = await anon().get(`/api/properties/map?bbox=9.5,2.5,10.5,3.5&search=${encodeURIComponent('flat hills')}`);
    expect((text.body as MapResponse).points.map((p) => keyOf.get(p.id))).toEqual(['hills']);
  });

  it(`keeps at most ${GEO.mapPoints} points`, async () => {
    // Only four listed here: the cap itself is the contract suite's (points(query, cap)).
    const res = await anon().get('/api/properties/map?bbox=9.5,2.5,10.5,3.5');
    expect((res.body as MapResponse).points.length).toBeLessThanOrEqual(GEO.mapPoints);
  });

  it('needs a box', async () => {
    const res = await anon().get('/api/properties/map?town=Kribi');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: G.bboxInvalid, errors: [`bbox: ${G.bboxInvalid}`] });
  });
});

describe('a bad box or place is a 400 naming the field, and changes nothing', () => {
  it.each([
    ['a box at the south pole', 'bbox=9,-90,10,-89', 'bbox', G.bboxOutsideRegion],
    ['a box across the antimeridian (inverted)', 'bbox=179,4,-179,5', 'bbox', G.bboxInverted],
    ['a box south above north', 'bbox=9,5,10,4', 'bbox', G.bboxInverted],
    ['a box wider than a region', 'bbox=8,2,12,3', 'bbox', G.bboxTooWide],
    ['a box with NaN', 'bbox=NaN,4,10,5', 'bbox', G.bboxInvalid],
    ['a box of words', 'bbox=west,south,east,north', 'bbox', G.bboxInvalid],
    ['a box of three numbers', 'bbox=9,4,10', 'bbox', G.bboxInvalid],
    ['a box given twice', 'bbox=9,4,10,5&bbox=9,4,10,5', 'bbox', G.bboxInvalid],
    ['a place in Paris', 'near=48.85,2.35', 'near', G.nearOutsideRegion],
    ['a place of words', 'near=here', 'near', G.nearInvalid],
    ['a place with NaN', 'near=NaN,9.7', 'near', G.nearInvalid],
    ['a distance order without a place', 'sort=distance', 'sort', G.distanceNeedsNear],
  ])('%s', async (_name, query, field, message) => {
    for (const path of ['search', 'map']) {
      // The map takes no place and no order: only the box cases apply to it.
      if (path === 'map' && field !== 'bbox') continue;
      const res = await anon().get(`/api/properties/${path}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, errors: [`${field}: ${message}`] });
    }
  });

  it('says it in French to a French reader', async () => {
    const res = await anon().request('GET', '/api/properties/search?sort=distance', undefined, FRENCH);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES_FR.geo.distanceNeedsNear, errors: [`sort: ${MESSAGES_FR.geo.distanceNeedsNear}`] });
  });
});

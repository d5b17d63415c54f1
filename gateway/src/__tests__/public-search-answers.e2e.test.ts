// Search answers the gateway keeps (gateway/src/properties/public-search-answers.ts), through the
// real gateway, auth and listings: an answer already given is given again without asking listings,
// identical searches arriving together ask once, and every change listings announces (an approval,
// a listing rented, an owner's new name as auth announces it) is in the next answers, the kept "nothing found" included.
// Freshness is the rule (within a second); it is polled generously and the time measured printed.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_TYPES, LISTINGS_PATTERNS, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { metrics, publishEvent, type RpcClient } from '@mboa/platform';
import { eventually } from '@mboa/platform/testing';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let rpc: RpcClient;
let nc: NatsConnection;
let owner: Awaited<ReturnType<typeof signUp>>;
let staff: PublicUser;

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings'], env: TEST_ADMIN });
  rpc = await rpcFor(system);
  nc = await connect({ servers: system.context.natsUrl });
  staff = (await signInAdmin(system)).user;
  owner = await signUp(system, 'landlord', { verified: true, name: 'Ebune Clarisse' });
}, 120_000);

afterAll(async () => {
  await rpc?.close();
  await nc?.drain();
  await system?.stop();
}, 120_000);

const word = () => `zq${Math.random().toString(36).slice(2, 9)}`;

async function search(text: string): Promise<PropertyRead[]> {
  const res = await new Browser(system.url).get(`/api/properties/search?search=${text}`);
  expect(res.status).toBe(200);
  return res.body.properties as PropertyRead[];
}

/** How many searches this process's gateway asked listings for (the histogram's count). */
async function searchesAsked(): Promise<number> {
  const text = await metrics.render();
  return text
    .split('\n')
    .filter((l) => l.startsWith('mboa_nats_request_duration_seconds_count') && l.includes(`pattern="${LISTINGS_PATTERNS.propertySearch}"`))
    .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
}

async function post(title: string): Promise<string> {
  const property = await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
    actor: { userId: owner.user.id, role: owner.user.role, isVerified: true },
    data: {
      category: 'residential',
      propertyType: 'apartment',
      title,
      description: 'Two bedrooms, water and electricity.',
      paymentTerm: 'monthly',
      price: 70_000,
      caution: 0,
      availability: 'available',
      location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko' },
      amenities: ['water'],
      specifications: { bedrooms: 2, toilets: 1, kitchens: 1, livingRooms: 1, size: 60 },
    },
    images: [
      {
        large: { url: '/media/e2e/kept.webp', key: 'e2e/kept.webp', width: 1024, height: 683, bytes: 80000, mimeType: 'image/webp' },
        thumbnail: { url: '/media/e2e/kept-t.webp', key: 'e2e/kept-t.webp', width: 320, height: 213, bytes: 8000, mimeType: 'image/webp' },
        alt: 'Living room',
      },
    ],
  });
  return property.id;
}

async function approve(id: string): Promise<void> {
  await publishEvent(
    nc,
    { type: EVENT_TYPES.propertyApproved, payload: { propertyId: id, action: 'approve', feedback: '', reviewerId: staff.id, decidedAt: new Date().toISOString() }, source: 'moderation' },
    { prefix: system.context.subjectPrefix },
  );
}

/** Polls the gateway's search until `check` holds; returns the cards and the time it took. */
async function untilSearch(text: string, check: (cards: PropertyRead[]) => boolean): Promise<{ cards: PropertyRead[]; ms: number }> {
  const since = Date.now();
  const cards = await eventually(() => search(text), check, 20_000);
  return { cards, ms: Date.now() - since };
}

test('a kept "nothing found" gives way to the approved listing, and a rented one leaves', async () => {
  const text = word();
  const id = await post(`Kept answer duplex ${text}`);
  expect(await search(text)).toEqual([]);
  expect(await search(text)).toEqual([]);
  await approve(id);
  const approved = await untilSearch(text, (cards) => cards.length === 1);
  expect(approved.cards[0].id).toBe(id);
  console.log(`approved → in the gateway's search answers: ${approved.ms} ms`);

  const rented = await owner.browser.post('/api/property/my-listings', { action: 'update', payload: { id, data: { status: 'rented' } } });
  expect(rented.status).toBe(200);
  const gone = await untilSearch(text, (cards) => cards.length === 0);
  console.log(`rented → gone from the gateway's search answers: ${gone.ms} ms`);
});

test('an answer already given is given again without asking listings, and together they ask once', async () => {
  const text = word();
  const before = await searchesAsked();
  await search(text);
  await search(text);
  await search(text);
  expect((await searchesAsked()) - before).toBe(1);

  const together = word();
  const at = await searchesAsked();
  const answers = await Promise.all(Array.from({ length: 10 }, () => search(together)));
  expect(answers.every((cards) => cards.length === 0)).toBe(true);
  expect((await searchesAsked()) - at).toBe(1);
});

test('an owner\'s new name is on the kept cards soon after', async () => {
  const text = word();
  const id = await post(`Renamed owner studio ${text}`);
  await approve(id);
  await untilSearch(text, (cards) => cards.length === 1);
  // As auth announces a change of the account (staff editing it, say).
  await publishEvent(
    nc,
    { type: EVENT_TYPES.userUpdated, payload: { user: { ...owner.user, name: 'Ebune Clarisse Mbua' }, version: 50, whatsappProvenAt: new Date().toISOString() }, source: 'auth' },
    { prefix: system.context.subjectPrefix },
  );
  const renamed = await untilSearch(text, (cards) => cards[0]?.author.name === 'Ebune Clarisse Mbua');
  console.log(`owner renamed → on the gateway's kept cards: ${renamed.ms} ms`);
});

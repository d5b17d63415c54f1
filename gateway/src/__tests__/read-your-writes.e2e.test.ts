import { LISTINGS_PATTERNS, type PropertyRead, type PropertyStatus, type PublicUser } from '@mboa/contracts';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

/**
 * Issue 12, read your writes: once an approve, reject, ban, unban, verify, status change or delete
 * has answered 2xx, the very next read (no polling, no sleep) reflects it — details, My Listings,
 * the admin lists and the profile. Search may lag, but by less than a second.
 */

let system: TestSystem;
let admin: Browser;
const searchDelays: Record<string, number[]> = {};
/** How long a test waits for search to agree: far past the one-second promise, which the log reports. */
const SEARCH_WAIT_LIMIT_MS = 15_000;
const answerTimes: Record<string, number[]> = {};

/** Runs a write and records how long its answer took (the hand-off included). */
async function timed<T>(what: string, write: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await write();
  (answerTimes[what] ??= []).push(performance.now() - started);
  return result;
}

beforeAll(async () => {
  system = await startTestSystem({ services: ['auth', 'listings', 'moderation'], env: TEST_ADMIN });
  admin = (await signInAdmin(system)).browser;
});

afterAll(async () => {
  const show = (figures: Record<string, number[]>) => Object.entries(figures).map(([what, ms]) => `  ${what}: ${ms.map((m) => m.toFixed(0)).join(', ')} ms`);
  if (Object.keys(searchDelays).length) {
    console.log(`request → 2xx\n${show(answerTimes).join('\n')}\n2xx → search reflects it\n${show(searchDelays).join('\n')}`);
  }
  await system?.stop();
});

type Owner = { browser: Browser; user: PublicUser; password: string };

let whatsapp = 670_000_000 + Math.floor(Math.random() * 1_000_000);
const newOwner = (verified = true): Promise<Owner> => signUp(system, 'landlord', { verified, whatsapp: String(++whatsapp) });

let made = 0;
async function post(owner: Owner): Promise<PropertyRead> {
  const rpc = await rpcFor(system);
  try {
    return await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.user.id, role: 'landlord', isVerified: true, name: owner.user.name },
      data: {
        category: 'residential',
        propertyType: 'apartment',
        title: `Ryw flat ${Date.now().toString(36)} ${++made}`,
        paymentTerm: 'monthly',
        price: 60000,
        caution: 120000,
        description: 'Tiled flat with a water tank, ten minutes from the market.',
        availability: 'available',
        location: { country: 'Cameroon', town: 'Bamenda', neighbourhood: 'Nkwen' },
        specifications: { bedrooms: 2, toilets: 1, kitchens: 1, livingRooms: 1, size: 55 },
        amenities: ['water'],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
}

const anonymous = () => new Browser(system.url);
const details = (id: string, browser: Browser = anonymous()) => browser.get(`/api/properties/${id}`);
const adminRead = async (id: string): Promise<PropertyRead> => (await admin.get(`/api/admin/properties/${id}`)).body.property;
const review = (id: string, body: { action: 'approve' | 'reject'; feedback?: string }) =>
  timed(body.action, () => admin.post(`/api/admin/properties/${id}/review`, body));
const manageUser = (type: 'ban' | 'unban' | 'verify', userId: string) =>
  timed(type, () => admin.post('/api/admin/manage/user', { type, payload: { userId } }));
const manageProperty = (type: string, propertyId: string) => admin.post('/api/admin/manage/properties', { type, payload: { propertyId } });

async function myListings(owner: Owner, status?: PropertyStatus): Promise<{ data: PropertyRead[]; meta: { total: number } }> {
  const res = await owner.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 20, ...(status ? { status } : {}) } });
  expect(res.status).toBe(200);
  return res.body;
}
const mine = async (owner: Owner, id: string) => (await myListings(owner)).data.find((p) => p.id === id);

async function adminListed(property: PropertyRead): Promise<PropertyRead | undefined> {
  const res = await admin.post('/api/admin/manage/properties', { type: 'list', payload: { page: 1, limit: 10, search: property.title } });
  expect(res.status).toBe(200);
  return (res.body.properties as PropertyRead[]).find((p) => p.id === property.id);
}

async function adminUser(user: PublicUser): Promise<PublicUser | undefined> {
  const res = await admin.post('/api/admin/manage/user', { type: 'list', payload: { page: 1, limit: 10, search: user.whatsapp } });
  expect(res.status).toBe(200);
  return (res.body.users as PublicUser[]).find((u) => u.id === user.id);
}

async function inSearch(property: PropertyRead): Promise<boolean> {
  const res = await anonymous().get(`/api/properties/search?search=${encodeURIComponent(property.title)}`);
  expect(res.status).toBe(200);
  return (res.body.properties as PropertyRead[]).some((p) => p.id === property.id);
}

/**
 * Milliseconds from `since` (the 2xx) until search agrees. The product's promise is one second; the
 * test waits up to a generous limit, so a loaded machine does not fail it, and prints what it measured.
 */
async function searchReflects(what: string, property: PropertyRead, present: boolean, since: number): Promise<number> {
  for (;;) {
    if ((await inSearch(property)) === present) break;
    if (performance.now() - since > SEARCH_WAIT_LIMIT_MS) throw new Error(`search still ${present ? 'lacks' : 'shows'} the property ${SEARCH_WAIT_LIMIT_MS / 1000} s after: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - since;
  (searchDelays[what] ??= []).push(ms);
  return ms;
}

/** A property the public sees: posted and approved. */
async function live(owner: Owner): Promise<PropertyRead> {
  const property = await post(owner);
  const approved = await review(property.id, { action: 'approve' });
  expect(approved.status).toBe(200);
  await searchReflects('approve', property, true, performance.now());
  return property;
}

test('approve: the first anonymous read shows the property, My Listings and the admin list show it verified, search reflects it (promised within 1 s; measured and printed)', async () => {
  const owner = await newOwner();
  const property = await post(owner);
  expect((await details(property.id)).status).toBe(404);

  const approved = await review(property.id, { action: 'approve' });
  expect(approved.status).toBe(200);
  const at = performance.now();
  const pub = await details(property.id);
  expect(pub.status).toBe(200);
  expect(pub.body.isVerified).toBe(true);
  expect(await mine(owner, property.id)).toMatchObject({ isVerified: true, review: { state: 'approved' } });
  expect(await adminListed(property)).toMatchObject({ isVerified: true });
  expect((await adminRead(property.id)).review).toMatchObject({ state: 'approved' });
  await searchReflects('approve', property, true, at);
});

test('reject: the first admin read carries the review state and feedback; the owner sees it in My Listings', async () => {
  const owner = await newOwner();
  const property = await post(owner);
  const feedback = 'The photos show another house; please add photos of this one.';

  const rejected = await review(property.id, { action: 'reject', feedback });
  expect(rejected.status).toBe(200);
  expect((await adminRead(property.id)).review).toMatchObject({ state: 'rejected', feedback });
  expect(await mine(owner, property.id)).toMatchObject({ isVerified: false, review: { state: 'rejected', feedback } });
  expect((await details(property.id, owner.browser)).body.review).toMatchObject({ state: 'rejected', feedback });
  expect((await details(property.id)).status).toBe(404);

  // Corrected and approved later: the admin read says so at once.
  expect((await review(property.id, { action: 'approve' })).status).toBe(200);
  expect((await adminRead(property.id)).review).toMatchObject({ state: 'approved' });
  expect((await details(property.id)).status).toBe(200);
});

test('ban: the owner is signed out and their listings are gone from the first read; unban brings them back', async () => {
  const owner = await newOwner();
  const property = await live(owner);

  const banned = await manageUser('ban', owner.user.id);
  expect(banned.status).toBe(200);
  const bannedAt = performance.now();
  expect((await details(property.id)).status).toBe(404);
  expect((await owner.browser.get('/api/me')).status).toBe(401);
  expect((await owner.browser.get('/api/user/me')).status).toBe(401);
  expect(await adminUser(owner.user)).toMatchObject({ status: 'banned' });
  await searchReflects('ban', property, false, bannedAt);

  const unbanned = await manageUser('unban', owner.user.id);
  expect(unbanned.status).toBe(200);
  const unbannedAt = performance.now();
  expect((await details(property.id)).status).toBe(200);
  expect(await adminUser(owner.user)).toMatchObject({ status: 'active' });
  const login = await new Browser(system.url).post('/api/auth/login', { email: owner.user.email, password: owner.password });
  expect(login.status).toBe(200);
  await searchReflects('unban', property, true, unbannedAt);
});

test('verify: the landlord’s profile and the admin user list show it at once', async () => {
  const owner = await newOwner(false);
  expect((await owner.browser.get('/api/me')).body.user.isVerified).toBe(false);

  expect((await manageUser('verify', owner.user.id)).status).toBe(200);
  expect((await owner.browser.get('/api/me')).body.user.isVerified).toBe(true);
  expect((await owner.browser.get('/api/user/me')).body.profile.isVerified).toBe(true);
  expect(await adminUser(owner.user)).toMatchObject({ isVerified: true });
});

test('status changes by the owner and by an admin: details, My Listings, the admin list at once; search reflects it (promised within 1 s; measured and printed)', async () => {
  const owner = await newOwner();
  const property = await live(owner);
  const ownerSets = (status: PropertyStatus) =>
    owner.browser.post('/api/property/my-listings', { action: 'update', payload: { id: property.id, data: { status } } });

  expect((await ownerSets('rented')).status).toBe(200);
  let at = performance.now();
  expect((await details(property.id)).status).toBe(404);
  expect(await mine(owner, property.id)).toMatchObject({ status: 'rented' });
  expect(await adminListed(property)).toMatchObject({ status: 'rented' });
  await searchReflects('owner marks rented', property, false, at);

  expect((await ownerSets('available')).status).toBe(200);
  at = performance.now();
  expect((await details(property.id)).status).toBe(200);
  await searchReflects('owner marks available', property, true, at);

  expect((await manageProperty('deactivate', property.id)).status).toBe(200);
  at = performance.now();
  expect((await details(property.id)).status).toBe(404);
  expect(await mine(owner, property.id)).toMatchObject({ status: 'deactivated' });
  expect(await adminListed(property)).toMatchObject({ status: 'deactivated' });
  await searchReflects('admin deactivates', property, false, at);

  expect((await manageProperty('activate', property.id)).status).toBe(200);
  at = performance.now();
  expect((await details(property.id)).status).toBe(200);
  expect(await mine(owner, property.id)).toMatchObject({ status: 'available' });
  await searchReflects('admin activates', property, true, at);
});

test('delete: gone from details, My Listings, the admin list and search; the owner’s totals count only what is left', async () => {
  const owner = await newOwner();
  const kept = await live(owner);
  const rented = await post(owner);
  const doomed = await live(owner);
  expect((await owner.browser.post('/api/property/my-listings', { action: 'update', payload: { id: rented.id, data: { status: 'rented' } } })).status).toBe(200);
  expect((await myListings(owner)).meta.total).toBe(3);

  const deleted = await owner.browser.post('/api/property/my-listings', { action: 'delete', payload: { id: doomed.id } });
  expect(deleted.status).toBe(200);
  const at = performance.now();
  expect((await details(doomed.id)).status).toBe(404);
  expect((await details(doomed.id, owner.browser)).status).toBe(404);
  expect((await admin.get(`/api/admin/properties/${doomed.id}`)).status).toBe(404);
  expect(await adminListed(doomed)).toBeUndefined();

  const all = await myListings(owner);
  expect(all.data.map((p) => p.id).sort()).toEqual([kept.id, rented.id].sort());
  expect(all.meta.total).toBe(2);
  expect((await myListings(owner, 'available')).meta.total).toBe(1);
  expect((await myListings(owner, 'rented')).meta.total).toBe(1);
  expect((await owner.browser.get('/api/user/me')).body.totalProperties).toBe(2);
  await searchReflects('owner deletes', doomed, false, at);
});

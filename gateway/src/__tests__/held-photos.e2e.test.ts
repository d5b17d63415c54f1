// Photos an owner adds to a listing staff have already approved wait for staff, against the real
// gateway, auth, listings, media and moderation: approved with honest photos, a listing cannot swap
// them for someone else's house unseen. Photos of a listing not reviewed yet, and staff's, go out with it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, MESSAGES_FR, MODERATION_PATTERNS, type AuditEntry, type PropertyRead, type PublicUser } from '@mboa/contracts';
import { LocalFileStore } from '@mboa/platform';
import { until } from '@mboa/platform/testing';
import { plainWebp } from '../../../services/media/src/images/__tests__/fixtures.js';
import { rpcFor, signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let dir: string;
let store: LocalFileStore;
let staff: { browser: Browser; user: PublicUser };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-held-photos-'));
  store = new LocalFileStore(dir);
  system = await startTestSystem({
    services: ['auth', 'listings', 'media', 'moderation'],
    env: { ...TEST_ADMIN, MEDIA_DIR: dir },
    gateway: { objectStore: store },
  });
  staff = await signInAdmin(system);
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await rm(dir, { recursive: true, force: true });
}, 120_000);

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

type Photo = PropertyRead['propertyImages'][number];

let made = 0;

/** A multipart form as the web app sends it: the fields, then the photos (each a different picture). */
async function sendForm(browser: Browser, route: string, fields: [string, string][], photos: number, headers: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (let i = 0; i < photos; i++) {
    form.append('propertyImages', new Blob([new Uint8Array(await plainWebp(400, 300))], { type: 'image/webp' }), `photo${i}.webp`);
  }
  const session = browser.cookie('mboa_session');
  const res = await fetch(`${system.url}${route}`, { method: 'POST', body: form, headers: { cookie: `mboa_session=${session}`, ...headers } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A listing with one photo, posted by `owner`: waiting for its first review. */
async function post(owner: Browser): Promise<PropertyRead> {
  const title = `Held photos flat ${++made} in Bonapriso ${Date.now()}`;
  const res = await sendForm(
    owner,
    '/api/property/post',
    [
      ['category', 'residential'],
      ['propertyType', 'apartment'],
      ['title', title],
      ['paymentTerm', 'monthly'],
      ['price', '90000'],
      ['description', 'Two bedrooms, tiled, running water.'],
      ['location[town]', 'Douala'],
      ['location[neighbourhood]', 'Bonapriso'],
      ['specifications[bedrooms]', '2'],
      ['specifications[toilets]', '1'],
      ['specifications[size]', '60'],
    ],
    1,
  );
  expect(res.status).toBe(201);
  return res.body.property as PropertyRead;
}

const addPhotos = (browser: Browser, id: string, photos = 1, headers?: Record<string, string>) => sendForm(browser, `/api/properties/${id}/photos`, [], photos, headers);
const decide = (browser: Browser, id: string, body: unknown) => browser.post(`/api/admin/properties/${id}/photos/review`, body);
const adminRead = async (id: string) => (await staff.browser.get(`/api/admin/properties/${id}`)).body.property;
const anon = () => new Browser(system.url);
const urls = (photos: Photo[]) => photos.map((p) => p.url);

/** What the public sees of it: the details, its card in search (the listing is in search first). */
async function publicView(property: PropertyRead): Promise<{ details: PropertyRead; card: PropertyRead | undefined }> {
  const details = await anon().get(`/api/properties/${property.id}`);
  expect(details.status).toBe(200);
  const search = await anon().get(`/api/properties/search?search=${encodeURIComponent(property.title)}`);
  return { details: details.body, card: (search.body.properties as PropertyRead[]).find((p) => p.id === property.id) };
}

/** Staff approve it and it reaches search. */
async function approve(property: PropertyRead): Promise<void> {
  expect((await staff.browser.post(`/api/admin/properties/${property.id}/review`, { action: 'approve' })).status).toBe(200);
  await until(async () => (await publicView(property)).card, 'the approval to reach search');
}

/** The version search has indexed is the listing's current one: a photo change has reached it. */
async function searchCaughtUp(property: PropertyRead): Promise<PropertyRead> {
  const version = (await adminRead(property.id)).updatedAt;
  return until(async () => {
    const { card } = await publicView(property);
    return card && card.updatedAt === version ? card : undefined;
  }, 'search to catch up');
}

describe('photos added to an approved listing', () => {
  let owner: { browser: Browser; user: PublicUser };
  let listing: PropertyRead;
  let original: string[];

  beforeAll(async () => {
    owner = await signUp(system, 'landlord', { verified: true });
    listing = await post(owner.browser);
    original = urls(listing.propertyImages);
    await approve(listing);
  }, 120_000);

  it('an owner\'s new photo is held: the public details, search card and thumbnail keep the old photos; the owner and staff see it marked', async () => {
    const before = await publicView(listing);
    const added = await addPhotos(owner.browser, listing.id);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(MESSAGES.property.photosAwaitingReview);
    const [kept, held] = added.body.property.propertyImages as Photo[];
    expect(kept.url).toBe(original[0]);
    expect(kept.awaitingReview).toBeUndefined();
    expect(held).toEqual(expect.objectContaining({ awaitingReview: true, id: expect.any(String) }));

    // Nobody else sees it: not in the details, not on the search card, not as the thumbnail.
    const card = await searchCaughtUp(listing);
    const { details } = await publicView(listing);
    expect(urls(details.propertyImages)).toEqual(original);
    expect(details.thumbnail).toBe(before.details.thumbnail);
    expect(urls(card.propertyImages)).toEqual(original);
    expect(card.thumbnail).toBe(before.card?.thumbnail);
    expect(JSON.stringify([details, card])).not.toContain(held.url);
    // Another signed-in person sees what the public sees.
    const renter = await signUp(system, 'renter');
    expect(urls((await renter.browser.get(`/api/properties/${listing.id}`)).body.propertyImages)).toEqual(original);

    // The owner (details, My Listings) and staff see it, marked.
    const mine = await owner.browser.get(`/api/properties/${listing.id}`);
    expect(mine.body.propertyImages).toEqual([kept, held]);
    const myListings = await owner.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 10 } });
    expect((myListings.body.data as PropertyRead[]).find((p) => p.id === listing.id)?.propertyImages).toEqual([kept, held]);
    expect((await adminRead(listing.id)).propertyImages).toEqual([kept, held]);
  }, 180_000);

  it('staff accept it: the public sees it from then on, in the details and in search', async () => {
    const { propertyImages } = await adminRead(listing.id);
    const accepted = await decide(staff.browser, listing.id, { action: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual(expect.objectContaining({ message: MESSAGES.property.photosAccepted, decided: 1 }));
    const now = urls(propertyImages);
    expect(accepted.body.property.propertyImages).toEqual(now.map((url: string, i: number) => expect.objectContaining({ url, alt: propertyImages[i].alt })));
    expect((accepted.body.property.propertyImages as Photo[]).some((p) => p.awaitingReview)).toBe(false);
    expect(urls((await publicView(listing)).details.propertyImages)).toEqual(now);
    expect(urls((await searchCaughtUp(listing)).propertyImages)).toEqual(now);
    // Nothing is held any more: another decision is refused.
    const again = await decide(staff.browser, listing.id, { action: 'accept' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: MESSAGES.property.noPhotosAwaitingReview });
  }, 180_000);

  it('staff refuse another: it is gone for everyone, its files deleted; the decision is in the audit trail', async () => {
    const publicBefore = urls((await publicView(listing)).details.propertyImages);
    const filesBefore = await store.list('properties/');
    const added = await addPhotos(owner.browser, listing.id, 2, { 'accept-language': 'fr' });
    expect(added.body.message).toBe(MESSAGES_FR.property.photosAwaitingReview);
    const held = (added.body.property.propertyImages as Photo[]).filter((p) => p.awaitingReview);
    expect(held).toHaveLength(2);
    expect((await store.list('properties/')).length).toBeGreaterThan(filesBefore.length);

    // A public photo's id, an unknown one or a wrong action is refused, and nothing changes.
    for (const body of [{ action: 'refuse', imageIds: ['00000000-0000-4000-8000-000000000000'] }, { action: 'delete' }, { action: 'refuse', imageIds: 'all' }]) {
      expect([body, (await decide(staff.browser, listing.id, body)).status]).toEqual([body, 400]);
    }
    // The owner cannot decide on their own photos.
    expect((await decide(owner.browser, listing.id, { action: 'accept' })).status).toBe(403);
    expect((await adminRead(listing.id)).propertyImages.filter((p: Photo) => p.awaitingReview)).toHaveLength(2);

    const refused = await decide(staff.browser, listing.id, { action: 'refuse' });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual(expect.objectContaining({ message: MESSAGES.property.photosRefused, decided: 2 }));
    expect(urls(refused.body.property.propertyImages)).toEqual(publicBefore);
    expect(urls((await owner.browser.get(`/api/properties/${listing.id}`)).body.propertyImages)).toEqual(publicBefore);
    expect(urls((await publicView(listing)).details.propertyImages)).toEqual(publicBefore);
    for (const photo of held) expect((await fetch(`${system.url}${photo.url}`)).status).toBe(404);
    await until(async () => ((await store.list('properties/')).length === filesBefore.length ? true : undefined), 'the refused photos\' files to be deleted');
    expect((await store.list('properties/')).sort()).toEqual([...filesBefore].sort());

    // The dashboard's latest staff actions, asked of moderation as the gateway does (support is not running here).
    const rpc = await rpcFor(system);
    try {
      const entry = await until(async () => {
        const { actions } = await rpc.call(MODERATION_PATTERNS.auditLatest, { limit: 50 });
        return actions.find((e: AuditEntry) => e.targetId === listing.id && e.summary.includes('photosRefused'));
      }, 'the refusal in the audit trail');
      expect(entry.actorId).toBe(staff.user.id);
    } finally {
      await rpc.close();
    }
  }, 180_000);

  it('staff refuse one of two by id; the other waits', async () => {
    const added = await addPhotos(owner.browser, listing.id, 2);
    const [first, second] = (added.body.property.propertyImages as Photo[]).filter((p) => p.awaitingReview);
    const refused = await decide(staff.browser, listing.id, { action: 'refuse', imageIds: [first.id] });
    expect(refused.status).toBe(200);
    expect(refused.body.decided).toBe(1);
    expect((refused.body.property.propertyImages as Photo[]).filter((p) => p.awaitingReview)).toEqual([second]);
    expect(urls((await publicView(listing)).details.propertyImages)).not.toContain(second.url);
    expect((await decide(staff.browser, listing.id, { action: 'accept', imageIds: [second.id] })).status).toBe(200);
    expect(urls((await publicView(listing)).details.propertyImages)).toContain(second.url);
  }, 180_000);

  it('staff adding photos to an approved listing: public at once', async () => {
    const added = await addPhotos(staff.browser, listing.id);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(MESSAGES.property.photosAdded);
    const photos = added.body.property.propertyImages as Photo[];
    expect(photos.some((p) => p.awaitingReview)).toBe(false);
    expect(urls((await publicView(listing)).details.propertyImages)).toEqual(urls(photos));
  }, 180_000);
});

describe('held photos elsewhere', () => {
  it('a listing waiting for its first review: the photos added come with it when it is approved', async () => {
    const owner = await signUp(system, 'caretaker', { verified: true });
    const listing = await post(owner.browser);
    const added = await addPhotos(owner.browser, listing.id);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(MESSAGES.property.photosAdded);
    const photos = added.body.property.propertyImages as Photo[];
    expect(photos).toHaveLength(2);
    expect(photos.some((p) => p.awaitingReview)).toBe(false);
    await approve(listing);
    expect(urls((await publicView(listing)).details.propertyImages)).toEqual(urls(photos));
    expect(urls((await searchCaughtUp(listing)).propertyImages)).toEqual(urls(photos));
  }, 180_000);

  it('a listing whose only photos are held is photo-less to the public', async () => {
    const owner = await signUp(system, 'landlord', { verified: true });
    const res = await sendForm(owner.browser, '/api/property/post', [
      ['category', 'residential'],
      ['propertyType', 'studio'],
      ['title', `Photo-less studio ${Date.now()}`],
      ['paymentTerm', 'monthly'],
      ['price', '40000'],
      ['description', 'A studio, tiled.'],
      ['location[town]', 'Douala'],
      ['location[neighbourhood]', 'Akwa'],
      ['specifications[bedrooms]', '1'],
      ['specifications[toilets]', '1'],
      ['specifications[size]', '25'],
    ], 0);
    expect(res.status).toBe(201);
    const listing = res.body.property as PropertyRead;
    await approve(listing);
    expect((await addPhotos(owner.browser, listing.id)).status).toBe(200);
    const card = await searchCaughtUp(listing);
    const { details } = await publicView(listing);
    for (const seen of [details, card]) {
      expect(seen.propertyImages).toEqual([]);
      expect(seen.thumbnail).toBeNull();
    }
  }, 180_000);

  it("staff see a held photo copied from another owner's listing among the reused-photo matches before accepting it", async () => {
    const other = await signUp(system, 'landlord', { verified: true });
    const earlier = await post(other.browser);
    const owner = await signUp(system, 'landlord', { verified: true });
    const listing = await post(owner.browser);
    await approve(listing);
    // The same bytes as the earlier listing's photo: fetched from its public URL.
    const copy = Buffer.from(await (await fetch(`${system.url}${earlier.propertyImages[0].url}`)).arrayBuffer());
    const form = new FormData();
    form.append('propertyImages', new Blob([new Uint8Array(copy)], { type: 'image/webp' }), 'copy.webp');
    const res = await fetch(`${system.url}/api/properties/${listing.id}/photos`, { method: 'POST', body: form, headers: { cookie: `mboa_session=${owner.browser.cookie('mboa_session')}` } });
    expect(res.status).toBe(200);
    const held = ((await res.json()) as { property: { propertyImages: Photo[] } }).property.propertyImages.find((p) => p.awaitingReview)!;
    const read = await adminRead(listing.id);
    // Among the matches: the file's other listings use look-alike test photos, which may match too.
    // The copy is the earlier photo's public WebP encoded once more, so its hash may differ by a bit or two.
    const match = (read.photoMatches as { imageUrl: string; matchedPropertyId: string; distance: number }[]).find(
      (m) => m.imageUrl === held.url && m.matchedPropertyId === earlier.id,
    );
    expect(match?.distance).toBeLessThanOrEqual(2);
  }, 180_000);
});

// Staff entering listings for owners without smartphones, and photos added to a listing after its
// posting, against the real gateway, auth, listings and media: the hourly photo allowance is the
// owner's and counts only photos, and adding photos keeps every rule of posting them.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIMITS, MESSAGES, MESSAGES_FR, type PublicUser } from '@mboa/contracts';
import { LocalFileStore } from '@mboa/platform';
import { plainWebp } from '../../../services/media/src/images/__tests__/fixtures.js';
import { signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { Browser, startTestSystem, type TestSystem } from './system.js';

// A fifth of every allowance: 6 postings with photos per owner an hour, so the forty below would
// have passed the staff member's own allowance had it been theirs.
const SCALE = 0.2;
const PHOTO_ALLOWANCE = Math.round(LIMITS.uploads.postsWithPhotosPerUser * SCALE);

let system: TestSystem;
let dir: string;
let store: LocalFileStore;
let staff: { browser: Browser; user: PublicUser };
let photo: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-staff-posting-'));
  store = new LocalFileStore(dir);
  system = await startTestSystem({
    services: ['auth', 'listings', 'media'],
    env: { ...TEST_ADMIN, MEDIA_DIR: dir },
    gateway: { objectStore: store, rateLimitScale: SCALE },
  });
  staff = await signInAdmin(system);
  photo = await plainWebp(400, 300);
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await rm(dir, { recursive: true, force: true });
}, 120_000);

const unit = (n: number): [string, string][] => [
  ['category', 'residential'],
  ['propertyType', 'apartment'],
  ['title', `Unit ${n}, Résidence Bonamoussadi`],
  ['paymentTerm', 'monthly'],
  ['price', String(40_000 + n * 1000)],
  ['description', 'Two bedrooms, tiled, running water.'],
  ['location[town]', 'Douala'],
  ['location[neighbourhood]', 'Bonamoussadi'],
  ['specifications[bedrooms]', '2'],
  ['specifications[toilets]', '1'],
  ['specifications[size]', '55'],
];

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A multipart form as the web app sends it: the fields, then the photos. */
async function sendForm(browser: Browser | undefined, route: string, fields: [string, string][], files: Buffer[], headers: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  files.forEach((bytes, i) => form.append('propertyImages', new Blob([new Uint8Array(bytes)], { type: 'image/webp' }), `${Date.now()}-${i}-photo${i}.webp`));
  const session = browser?.cookie('mboa_session');
  const res = await fetch(`${system.url}${route}`, { method: 'POST', body: form, headers: { ...(session ? { cookie: `mboa_session=${session}` } : {}), ...headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const postUnit = (browser: Browser, n: number, photos: number, ownerId?: string) =>
  sendForm(browser, '/api/property/post', [...unit(n), ...(ownerId ? ([['userId', ownerId]] as [string, string][]) : [])], Array(photos).fill(photo));

const addPhotos = (browser: Browser | undefined, id: string, photos: Buffer[], headers?: Record<string, string>) =>
  sendForm(browser, `/api/properties/${id}/photos`, [], photos, headers);

/** The listing's photos as its owner reads them (in any review state). */
async function photosOf(who: { browser: Browser }, id: string): Promise<string[]> {
  const res = await who.browser.get(`/api/properties/${id}`);
  expect(res.status).toBe(200);
  return (res.body.propertyImages as { url: string }[]).map((i) => i.url);
}

/** Staged uploads and processed photos, to show a refusal kept nothing. */
async function storedFiles(): Promise<{ staged: string[]; processed: string[] }> {
  for (let i = 0; i < 100 && (await readdir(path.join(dir, 'uploads')).catch(() => [])).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
  return { staged: await readdir(path.join(dir, 'uploads')).catch(() => []), processed: await store.list('properties/') };
}

describe('staff post for owners without smartphones', () => {
  it('forty listings for four owners, most without photos and some with one, all go through', async () => {
    const owners = await Promise.all([
      signUp(system, 'landlord', { verified: true }),
      signUp(system, 'landlord', { verified: true }),
      signUp(system, 'caretaker', { verified: true }),
      signUp(system, 'landlord'),
    ]);
    const answers: { n: number; status: number; owner: string; photos: number }[] = [];
    for (let n = 0; n < 40; n++) {
      const owner = owners[n % owners.length].user;
      // One in five with a photo, two for each owner: eight in all, past one account's allowance of six.
      const res = await postUnit(staff.browser, n, n % 5 === 0 ? 1 : 0, owner.id);
      answers.push({ n, status: res.status, owner: res.body.property?.author._id, photos: res.body.property?.propertyImages.length });
    }
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    expect(answers.map((a) => a.owner)).toEqual(answers.map((a) => owners[a.n % owners.length].user.id));
    expect(answers.filter((a) => a.photos === 1)).toHaveLength(8);
    for (const owner of owners.slice(0, 3)) {
      const mine = await owner.browser.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 5 } });
      expect(mine.body.meta.total).toBe(10);
    }
  }, 180_000);

  it("staff posting with photos spend the owner's allowance, not their own; past it the owner still posts without photos", async () => {
    const owner = await signUp(system, 'landlord', { verified: true });
    for (let n = 0; n < PHOTO_ALLOWANCE; n++) expect([n, (await postUnit(staff.browser, n, 1, owner.user.id)).status]).toEqual([n, 201]);

    // That owner's hour is spent, whoever posts for them.
    const before = await storedFiles();
    const byStaff = await postUnit(staff.browser, 100, 1, owner.user.id);
    expect(byStaff.status).toBe(429);
    expect(byStaff.body).toEqual({ message: MESSAGES.upload.tooManyPosts });
    expect(Number(byStaff.headers.get('retry-after'))).toBeGreaterThan(0);
    const byOwner = await postUnit(owner.browser, 101, 1);
    expect(byOwner.status).toBe(429);
    const fr = await sendForm(owner.browser, '/api/property/post', unit(102), [photo], { 'accept-language': 'fr' });
    expect(fr.body).toEqual({ message: MESSAGES_FR.upload.tooManyPosts });
    expect(await storedFiles()).toEqual(before);

    // Without photos it is a posting like any other; staff's own photos are their own allowance.
    const plain = await postUnit(owner.browser, 103, 0);
    expect(plain.status).toBe(201);
    expect(plain.body.property.propertyImages).toEqual([]);
    expect((await postUnit(staff.browser, 104, 0, owner.user.id)).status).toBe(201);
    expect((await postUnit(staff.browser, 105, 1)).status).toBe(201);
  }, 120_000);
});

describe('adding photos to a listing', () => {
  let owner: { browser: Browser; user: PublicUser };
  let listing: string;

  beforeAll(async () => {
    owner = await signUp(system, 'landlord', { verified: true });
    const posted = await postUnit(owner.browser, 200, 0);
    expect(posted.status).toBe(201);
    listing = posted.body.property.id;
  }, 120_000);

  it('its owner adds photos after the posting; they come after the listing\'s own', async () => {
    const res = await addPhotos(owner.browser, listing, [photo, photo]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.property.photosAdded);
    expect(res.body.property.id).toBe(listing);
    expect(res.body.property.propertyImages).toHaveLength(2);
    // The listing's card now has a picture.
    expect(res.body.property.thumbnail).toEqual(expect.any(String));
    expect(await photosOf(owner, listing)).toEqual(res.body.property.propertyImages.map((i: { url: string }) => i.url));
    // Each is served like a posted photo.
    expect((await fetch(`${system.url}${res.body.property.propertyImages[1].url}`)).status).toBe(200);
  }, 120_000);

  it('staff add photos to an owner\'s listing', async () => {
    const before = await photosOf(owner, listing);
    const res = await addPhotos(staff.browser, listing, [photo]);
    expect(res.status).toBe(200);
    expect(await photosOf(owner, listing)).toEqual([...before, res.body.property.propertyImages[before.length].url]);
  }, 120_000);

  it('another owner, a renter and someone signed out are refused, and nothing changes', async () => {
    const other = await signUp(system, 'landlord', { verified: true });
    const renter = await signUp(system, 'renter');
    const photos = await photosOf(owner, listing);
    const files = await storedFiles();
    for (const [who, browser, status] of [
      ['another owner', other.browser, 404],
      ['a renter', renter.browser, 404],
      ['signed out', undefined, 401],
    ] as const) {
      const res = await addPhotos(browser, listing, [photo]);
      expect([who, res.status]).toEqual([who, status]);
    }
    expect((await addPhotos(other.browser, listing, [photo])).body).toEqual({ message: MESSAGES.property.notFound });
    expect((await addPhotos(owner.browser, 'not-a-listing', [photo])).status).toBe(404);
    expect(await photosOf(owner, listing)).toEqual(photos);
    expect(await storedFiles()).toEqual(files);
  }, 120_000);

  it(`more than ${LIMITS.images.maxCount} photos in all are refused (400), and nothing changes`, async () => {
    const photos = await photosOf(owner, listing);
    const files = await storedFiles();
    const tooMany = await addPhotos(owner.browser, listing, Array(LIMITS.images.maxCount - photos.length + 1).fill(photo));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: MESSAGES.property.maxImages });
    expect(await photosOf(owner, listing)).toEqual(photos);
    expect(await storedFiles()).toEqual(files);

    // Exactly up to the maximum is taken; then the listing is full, refused before a photo is read.
    const fill = await addPhotos(owner.browser, listing, Array(LIMITS.images.maxCount - photos.length).fill(photo));
    expect(fill.status).toBe(200);
    expect(fill.body.property.propertyImages).toHaveLength(LIMITS.images.maxCount);
    const full = await addPhotos(staff.browser, listing, [photo]);
    expect(full.status).toBe(400);
    expect(full.body).toEqual({ message: MESSAGES.property.maxImages });
    expect(await photosOf(owner, listing)).toHaveLength(LIMITS.images.maxCount);
  }, 120_000);

  it('no photo, or a file that is no image, is refused (400) with the posting\'s texts, and nothing changes', async () => {
    const posted = await postUnit(owner.browser, 201, 0);
    const id = posted.body.property.id;
    const files = await storedFiles();
    const none = await addPhotos(owner.browser, id, []);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MESSAGES.property.photosRequired);
    const fake = await addPhotos(owner.browser, id, [photo, Buffer.from('not an image at all')]);
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(MESSAGES.property.imageTypeNotAllowed);
    expect(await photosOf(owner, id)).toEqual([]);
    expect(await storedFiles()).toEqual(files);
  }, 120_000);

  it("photos added spend the owner's hourly allowance, so adding is no way around it", async () => {
    const busy = await signUp(system, 'landlord', { verified: true });
    const ids: string[] = [];
    for (let n = 0; n < PHOTO_ALLOWANCE; n++) {
      const res = await postUnit(busy.browser, 300 + n, 0);
      ids.push(res.body.property.id);
      expect([n, (await addPhotos(busy.browser, res.body.property.id, [photo])).status]).toEqual([n, 200]);
    }
    const refused = await addPhotos(busy.browser, ids[0], [photo]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MESSAGES.upload.tooManyPosts });
    expect((await addPhotos(staff.browser, ids[0], [photo])).status).toBe(429);
    expect(await photosOf(busy, ids[0])).toHaveLength(1);
  }, 120_000);
});

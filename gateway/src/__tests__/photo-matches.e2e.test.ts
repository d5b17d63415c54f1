// Reused photos caught: photos posted through the gateway go through media's pipeline (hashes)
// into listings, and the admin read of a property names the other owners' earlier listings whose
// photos it reuses. Pictures: the seeded photo-like scenes of the threshold bench.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AdminPropertyRead, PhotoMatch, PropertyRead } from '@mboa/contracts';
import { LocalFileStore } from '@mboa/platform';
import { PHOTO_MATCH_MAX_DISTANCE } from '../../../services/listings/src/rules/photo-match.js';
import { editedPhoto, scenePhoto, type PhotoEdit } from '../../../scripts/bench/photo-scenes.mjs';
import { signInAdmin, signUp, TEST_ADMIN } from './people.js';
import { startTestSystem, type Browser, type TestSystem } from './system.js';

let system: TestSystem;
let dir: string;
let admin: Browser;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-photo-matches-'));
  system = await startTestSystem({
    services: ['auth', 'listings', 'media'],
    env: { ...TEST_ADMIN, MEDIA_DIR: dir },
    gateway: { objectStore: new LocalFileStore(dir) },
  });
  admin = (await signInAdmin(system)).browser;
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await rm(dir, { recursive: true, force: true });
}, 120_000);

const FIELDS: Record<string, string> = {
  category: 'residential',
  propertyType: 'studio',
  paymentTerm: 'monthly',
  price: '45000',
  caution: '90000',
  description: 'Studio with a shower inside, water and light, near the road.',
  availability: 'available',
  'location[country]': 'Cameroon',
  'location[town]': 'Buea',
  'location[neighbourhood]': 'Molyko',
  'specifications[bedrooms]': '1',
  'specifications[toilets]': '1',
  'specifications[kitchens]': '1',
  'specifications[livingRooms]': '0',
  'specifications[size]': '25',
  'specifications[distanceFromRoad]': '50',
  'specifications[sections]': '',
  amenities: JSON.stringify(['water']),
};

/** A verified landlord posts a listing with these photos through the web app's form. */
async function post(owner: Browser, title: string, photos: Buffer[]): Promise<PropertyRead> {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...FIELDS, title })) data.append(name, value);
  const stamp = Date.now();
  photos.forEach((bytes, index) => data.append('propertyImages', new Blob([bytes], { type: 'image/jpeg' }), `${stamp}-${index}-photo.jpg`));
  const res = await fetch(`${system.url}/api/property/post`, {
    method: 'POST',
    body: data,
    headers: { cookie: `mboa_session=${owner.cookie('mboa_session')}` },
  });
  const body = (await res.json()) as { property: PropertyRead };
  expect(res.status).toBe(201);
  expect(body.property.propertyImages).toHaveLength(photos.length);
  return body.property;
}

async function adminRead(id: string): Promise<AdminPropertyRead> {
  const res = await admin.get(`/api/admin/properties/${id}`);
  expect(res.status).toBe(200);
  return res.body.property as AdminPropertyRead;
}

const landlord = async () => (await signUp(system, 'landlord', { verified: true })).browser;

describe('a photo reused from another owner’s listing', () => {
  const copies: PhotoEdit[] = [
    're-encoded (JPEG q85)',
    'resized to 50 %',
    'cropped 10 % (5 % off each edge)',
    'cropped 10 % off each edge',
    'recompressed at quality 40',
    'all four (re-encode, 50 %, crop 5 % each edge, q40)',
    'all four, crop 10 % off each edge',
  ];
  let original: PropertyRead;
  let copy: PropertyRead;

  beforeAll(async () => {
    const photo = await scenePhoto(0);
    original = await post(await landlord(), 'Studio in Molyko, the real one', [photo]);
    const edited = await Promise.all(copies.map((edit) => editedPhoto(photo, edit)));
    copy = await post(await landlord(), 'Cheap studio Molyko, pay visit fee first', edited);
  }, 120_000);

  it('re-encoded, halved, cropped 10 % and at quality 40: each copy names the original listing and photo', async () => {
    const read = await adminRead(copy.id);
    expect(read.photoMatches).toHaveLength(copies.length);
    read.photoMatches.forEach((match: PhotoMatch, index) => {
      expect({ edit: copies[index], ...match, distance: undefined }).toEqual({
        edit: copies[index],
        imageUrl: copy.propertyImages[index].url,
        matchedPropertyId: original.id,
        matchedPropertyTitle: 'Studio in Molyko, the real one',
        matchedImageUrl: original.propertyImages[0].url,
        distance: undefined,
      });
      expect(match.distance).toBeGreaterThanOrEqual(0);
      expect(match.distance).toBeLessThanOrEqual(PHOTO_MATCH_MAX_DISTANCE);
    });
  });

  it('the original is not flagged by its later copy', async () => {
    expect((await adminRead(original.id)).photoMatches).toEqual([]);
  });
});

describe('a reused photo mirrored or rotated', () => {
  const turns: PhotoEdit[] = ['mirrored (left to right)', 'rotated 90°', 'rotated 180°', 'rotated 270°', 'mirrored + 50 % + quality 40'];

  async function copiesMatch(original: PropertyRead, photo: Buffer): Promise<void> {
    const edited = await Promise.all(turns.map((edit) => editedPhoto(photo, edit)));
    const copy = await post(await landlord(), 'Studio Molyko, turned photos', edited);
    const read = await adminRead(copy.id);
    expect(read.photoMatches.map((m, index) => ({ edit: turns[index], listing: m.matchedPropertyId, close: m.distance <= PHOTO_MATCH_MAX_DISTANCE }))).toEqual(
      turns.map((edit) => ({ edit, listing: original.id, close: true })),
    );
    expect((await adminRead(original.id)).photoMatches).toEqual([]);
  }

  it('each turned copy names the original', async () => {
    const photo = await scenePhoto(1);
    await copiesMatch(await post(await landlord(), 'Studio in Molyko, turned later', [photo]), photo);
  }, 120_000);

  it('an original stored before turned hashes existed (none in its row) is still caught, by the copy\u2019s own', async () => {
    const photo = await scenePhoto(2);
    const original = await post(await landlord(), 'Studio in Molyko, posted long ago', [photo]);
    const db = new pg.Client({ connectionString: system.context.db.urlFor('listings') });
    await db.connect();
    try {
      const cleared = await db.query(`UPDATE "listings"."property_images" SET turned_hashes = '{}' WHERE property_id = $1::uuid`, [original.id]);
      expect(cleared.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    await copiesMatch(original, photo);
  }, 120_000);
});

describe('photos that are not reused', () => {
  it('20 different photos from two owners flag nothing', async () => {
    const photos = await Promise.all(Array.from({ length: 20 }, (_, i) => scenePhoto(100 + i)));
    const first = await post(await landlord(), 'Room in Bonamoussadi', photos.slice(0, 10));
    const second = await post(await landlord(), 'Room in Akwa', photos.slice(10));
    expect((await adminRead(first.id)).photoMatches).toEqual([]);
    expect((await adminRead(second.id)).photoMatches).toEqual([]);
  }, 300_000);

  it('an owner re-posting their own flat is not flagged', async () => {
    const owner = await landlord();
    const photo = await scenePhoto(200);
    await post(owner, 'Studio in Bastos', [photo]);
    const again = await post(owner, 'Studio in Bastos (again)', [await editedPhoto(photo, 'all four (re-encode, 50 %, crop 5 % each edge, q40)')]);
    expect((await adminRead(again.id)).photoMatches).toEqual([]);
  }, 120_000);

  it('once the original listing is deleted, its photos no longer match', async () => {
    const owner = await landlord();
    const photo = await scenePhoto(300);
    const original = await post(owner, 'Shop in Mvog-Mbi', [photo]);
    const copy = await post(await landlord(), 'Shop in Mvog-Mbi, cheap', [await editedPhoto(photo, 'resized to 50 %')]);
    expect((await adminRead(copy.id)).photoMatches.map((m) => m.matchedPropertyId)).toEqual([original.id]);

    const deleted = await owner.post('/api/property/my-listings', { action: 'delete', payload: { id: original.id } });
    expect(deleted.status).toBe(200);
    expect((await adminRead(copy.id)).photoMatches).toEqual([]);
  }, 120_000);
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { LocalFileStore, readObjectBody } from '@mboa/platform';
import { ImageProcessor, UnsupportedImageTypeError } from '../../images/index.js';
import { parsePropertyImageKey, propertyImageKeys, PropertyImages, imageIdFor } from '../index.js';
import { alphaPng, plainWebp } from '../../images/__tests__/fixtures.js';

let dir: string;
let store: LocalFileStore;
let images: PropertyImages;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mboa-media-images-'));
  store = new LocalFileStore(dir);
  images = new PropertyImages(new ImageProcessor(), store);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('property image keys', () => {
  it('are content-addressed and shaped properties/<scope>/<id>-<variant>.webp', () => {
    const id = imageIdFor(Buffer.from('abc'));
    expect(id).toMatch(/^[a-f0-9]{24}$/);
    expect(imageIdFor(Buffer.from('abc'))).toBe(id);
    expect(imageIdFor(Buffer.from('abd'))).not.toBe(id);
    const keys = propertyImageKeys('prop_42', id);
    expect(keys).toEqual({ large: `properties/prop_42/${id}-large.webp`, thumb: `properties/prop_42/${id}-thumb.webp` });
    expect(parsePropertyImageKey(keys.thumb)).toEqual({ scopeId: 'prop_42', imageId: id, variant: 'thumb' });
    expect(parsePropertyImageKey('properties/../x-large.webp')).toBeUndefined();
  });

  it('refuse a scope id that is not a plain id', () => {
    expect(() => propertyImageKeys('../etc', imageIdFor(Buffer.from('x')))).toThrow();
    expect(() => propertyImageKeys('a/b', imageIdFor(Buffer.from('x')))).toThrow();
  });
});

describe('PropertyImages', () => {
  it('stores both WebP variants and tells where they are', async () => {
    const saved = await images.save('p1', await plainWebp(1600, 1200));
    expect(saved.sourceType).toBe('image/webp');
    expect(saved.large).toMatchObject({ width: 1024, height: 768, url: `/media/${saved.large.key}` });
    expect(saved.thumbnail).toMatchObject({ width: 320, height: 240 });
    for (const variant of [saved.large, saved.thumbnail]) {
      const got = await store.get(variant.key);
      expect(got.contentType).toBe('image/webp');
      expect(got.size).toBe(variant.bytes);
      const meta = await sharp(await readObjectBody(got.body)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
    }
  });

  it('lands on the same keys when the same upload is handled twice', async () => {
    const upload = await alphaPng(500, 400);
    const first = await images.save('p2', upload);
    const second = await images.save('p2', upload);
    expect(second).toEqual(first);
    expect(await store.list('properties/p2/')).toEqual([first.large.key, first.thumbnail.key].sort());
  });

  it('stores nothing for a rejected upload', async () => {
    await expect(images.save('p3', Buffer.from('not an image'))).rejects.toBeInstanceOf(UnsupportedImageTypeError);
    expect(await store.list('properties/p3/')).toEqual([]);
  });

  it('removes one image, or every image of a property', async () => {
    const a = await images.save('p4', await plainWebp(300, 200));
    const b = await images.save('p4', await alphaPng(300, 200));
    await images.remove('p4', a.imageId);
    expect(await store.list('properties/p4/')).toEqual([b.large.key, b.thumbnail.key].sort());
    await images.removeAll('p4');
    expect(await store.list('properties/p4/')).toEqual([]);
  });
});

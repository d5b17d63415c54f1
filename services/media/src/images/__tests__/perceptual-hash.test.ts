// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types; platform's test declaration is the one copy of them
/// <reference path="../../../../../libs/platform/src/storage/__tests__/s3rver.d.ts" />
// The photo hash media keeps with every image: the grid rule, and the hashes the pipeline and both
// object stores give for one picture (the hash comes from the bytes, never from the store).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { PHOTO_HASH_CROPS, PHOTO_HASH_FORMAT, PHOTO_HASH_TURNS } from '@mboa/contracts';
import { LocalFileStore, MinioObjectStore } from '@mboa/platform';
import { PropertyImages } from '../../property-images/index.js';
import { DHASH_HEIGHT, DHASH_WIDTH, differenceHash, differenceHashOfGrid, ImageProcessor } from '../index.js';
import { alphaPng, cameraJpeg } from './fixtures.js';

/** Bits that differ (the service that compares hashes is listings; this is only the test's ruler). */
function bitsApart(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  for (; x; x &= x - 1n) n++;
  return n;
}

const grid = (pixel: (row: number, col: number) => number) =>
  Uint8Array.from({ length: DHASH_WIDTH * DHASH_HEIGHT }, (_, i) => pixel(Math.floor(i / DHASH_WIDTH), i % DHASH_WIDTH));

describe('differenceHashOfGrid', () => {
  it('sets a bit where a pixel is brighter than its right-hand neighbour, row by row, first bit highest', () => {
    expect(differenceHashOfGrid(grid((_, col) => 255 - col * 20))).toBe('ffffffffffffffff');
    expect(differenceHashOfGrid(grid((_, col) => col * 20))).toBe('0000000000000000');
    // Only row 0, first pair brighter: the highest bit.
    expect(differenceHashOfGrid(grid((row, col) => (row === 0 && col === 0 ? 200 : 100)))).toBe('8000000000000000');
    // Only the last row's last pair: the lowest bit.
    expect(differenceHashOfGrid(grid((row, col) => (row === 7 && col === 7 ? 200 : 100)))).toBe('0000000000000001');
  });

  it('equal neighbours give 0, so a flat picture hashes to zero', () => {
    expect(differenceHashOfGrid(grid(() => 128))).toBe('0000000000000000');
  });

  it('refuses a grid of another size', () => {
    expect(() => differenceHashOfGrid(new Uint8Array(64))).toThrow(RangeError);
  });
});

describe('the hashes of a processed photo', () => {
  let camera: Buffer;
  const processor = new ImageProcessor();
  beforeAll(async () => {
    camera = await cameraJpeg(2400, 1800);
  });

  it('come with every processed image: the whole picture, its cropped centres and its turns', async () => {
    const processed = await processor.process(camera);
    expect(processed.perceptualHash).toMatch(PHOTO_HASH_FORMAT);
    expect(processed.croppedHashes).toHaveLength(PHOTO_HASH_CROPS.length);
    expect(processed.turnedHashes).toHaveLength(PHOTO_HASH_TURNS.length);
    for (const hash of [...processed.croppedHashes, ...processed.turnedHashes]) expect(hash).toMatch(PHOTO_HASH_FORMAT);
  });

  it('survive re-encoding, halving and quality 40, and change for another picture', async () => {
    const { perceptualHash } = await processor.process(camera);
    const upright = sharp(camera).autoOrient();
    for (const copy of [
      await upright.clone().webp({ quality: 80 }).toBuffer(),
      await upright.clone().resize(900).jpeg({ quality: 85 }).toBuffer(),
      await upright.clone().jpeg({ quality: 40 }).toBuffer(),
    ]) {
      expect(bitsApart((await processor.process(copy)).perceptualHash, perceptualHash)).toBeLessThanOrEqual(5);
    }
    const mirrored = await upright.clone().flop().jpeg().toBuffer();
    expect(bitsApart((await processor.process(mirrored)).perceptualHash, perceptualHash)).toBeGreaterThan(12);
  });

  it('of a mirrored or rotated copy: the original\u2019s turned hash, nearly, though the whole hashes are far apart', async () => {
    const original = await processor.process(camera);
    expect(original.turnedHashes).toHaveLength(PHOTO_HASH_TURNS.length);
    const upright = sharp(camera).autoOrient();
    const copies = {
      mirrored: upright.clone().flop(),
      'rotated 90°': upright.clone().rotate(90),
      'rotated 180°': upright.clone().rotate(180),
      'rotated 270°': upright.clone().rotate(270),
    };
    for (const [turn, image] of Object.entries(copies)) {
      const copy = await processor.process(await image.jpeg({ quality: 80 }).toBuffer());
      const turned = original.turnedHashes[PHOTO_HASH_TURNS.indexOf(turn as (typeof PHOTO_HASH_TURNS)[number])];
      expect({ turn, bits: bitsApart(copy.perceptualHash, turned) <= 5 }).toEqual({ turn, bits: true });
      expect(bitsApart(copy.perceptualHash, original.perceptualHash)).toBeGreaterThan(12);
    }
  });

  it('of a copy cropped 10 % off each edge: the original centre hash, nearly', async () => {
    const original = await processor.process(camera);
    const upright = await sharp(camera).autoOrient().toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    const left = Math.round(width * 0.1);
    const top = Math.round(height * 0.1);
    const cropped = await sharp(upright.data).extract({ left, top, width: width - 2 * left, height: height - 2 * top }).jpeg().toBuffer();
    const copy = await processor.process(cropped);
    expect(bitsApart(copy.perceptualHash, original.croppedHashes[1])).toBeLessThanOrEqual(5);
    // Whole against whole, the crop moved every sampled point: why the centres are kept.
    expect(bitsApart(copy.perceptualHash, original.perceptualHash)).toBeGreaterThan(bitsApart(copy.perceptualHash, original.croppedHashes[1]));
  });

  it('count transparent areas as white', async () => {
    const png = await alphaPng(640, 480);
    const onWhite = await sharp(png).flatten({ background: '#ffffff' }).png().toBuffer();
    expect((await processor.process(png)).perceptualHash).toBe((await processor.process(onWhite)).perceptualHash);
    expect(await differenceHash(sharp(png))).toBe(await differenceHash(sharp(onWhite)));
  });
});

describe('with either object store', () => {
  let dir: string;
  let server: S3rver;
  let endpoint: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mboa-media-hash-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3') });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('one photo gets the same hashes stored in local files or in MinIO (S3)', async () => {
    const photo = await cameraJpeg(1600, 1200);
    const processor = new ImageProcessor();
    const local = await new PropertyImages(processor, new LocalFileStore(path.join(dir, 'files'))).save('scope-a', photo);
    const s3 = await new PropertyImages(processor, new MinioObjectStore({ endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: 'media' })).save(
      'scope-a',
      photo,
    );
    expect(local.perceptualHash).toMatch(PHOTO_HASH_FORMAT);
    expect({ perceptualHash: s3.perceptualHash, croppedHashes: s3.croppedHashes }).toEqual({
      perceptualHash: local.perceptualHash,
      croppedHashes: local.croppedHashes,
    });
  });
});

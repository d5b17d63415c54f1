import { Readable } from 'node:stream';
import { MESSAGES } from '@mboa/contracts';
import sharp, { type Metadata, type Region } from 'sharp';
import {
  ImageDimensionsTooLargeError,
  ImageProcessor,
  ImageRejectedError,
  ImageTooLargeError,
  UnreadableImageError,
  UnsupportedImageTypeError,
  type ProcessedImage,
} from '../index.js';
import {
  alphaPng,
  animatedGif,
  bombPng,
  cameraJpeg,
  cmykJpeg,
  plainWebp,
  SECRET_MAKE,
  webpChunks,
  XMP_MARKER,
} from './fixtures.js';

const KB = 1024;
const processor = new ImageProcessor();

async function expectWebp(variant: ProcessedImage['large'], maxSide: number) {
  const meta = await sharp(variant.buffer).metadata();
  expect(meta.format).toBe('webp');
  expect(variant.contentType).toBe('image/webp');
  expect(variant.bytes).toBe(variant.buffer.length);
  expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
  expect(Math.max(variant.width, variant.height)).toBeLessThanOrEqual(maxSide);
  return meta;
}

function expectNoMetadata(buffer: Buffer, meta: Metadata) {
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.hasProfile).toBe(false);
  expect(meta.orientation).toBeUndefined();
  expect(webpChunks(buffer).filter((c) => ['EXIF', 'XMP ', 'ICCP'].includes(c))).toEqual([]);
  const text = buffer.toString('latin1');
  expect(text).not.toContain(SECRET_MAKE);
  expect(text).not.toContain(XMP_MARKER);
}

/** Mean of each channel over a region (sharp's stats() ignores a preceding extract()). */
async function regionMeans(input: Buffer, region: Region, autoOrient = true): Promise<number[]> {
  const { data, info } = await sharp(input, { autoOrient }).extract(region).raw().toBuffer({ resolveWithObject: true });
  const sums = new Array<number>(info.channels).fill(0);
  for (let i = 0; i < data.length; i++) sums[i % info.channels] += data[i];
  return sums.map((s) => s / (data.length / info.channels));
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ImageRejectedError) return e;
    throw e;
  }
  throw new Error('expected the image to be rejected');
}

describe('ImageProcessor', () => {
  describe('a 12 MP camera JPEG with EXIF GPS, orientation 6, ICC and XMP', () => {
    let input: Buffer;
    let out: ProcessedImage;

    beforeAll(async () => {
      input = await cameraJpeg(4000, 3000);
      const inMeta = await sharp(input).metadata();
      // The fixture really carries what must be removed.
      expect(inMeta.orientation).toBe(6);
      expect(inMeta.exif?.toString('latin1')).toContain(SECRET_MAKE);
      expect(inMeta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD pointer tag
      expect(inMeta.icc).toBeDefined();
      expect(inMeta.xmp?.toString()).toContain(XMP_MARKER);
      // Its speed is the benchmark's to measure (npm run bench:media), not a test's.
      out = await processor.process(input);
    }, 120_000);

    it('reports the source type from the bytes', () => {
      expect(out.sourceType).toBe('image/jpeg');
    });

    it('makes an upright large WebP of at most 1024 px (rotated: portrait)', async () => {
      await expectWebp(out.large, 1024);
      expect([out.large.width, out.large.height]).toEqual([768, 1024]);
    });

    it('keeps the large variant around the 100 KB target', () => {
      expect(out.large.bytes).toBeLessThanOrEqual(150 * KB);
      expect(out.large.bytes).toBeGreaterThan(40 * KB);
    });

    it('makes a smaller thumbnail of at most 320 px, upright too', async () => {
      await expectWebp(out.thumb, 320);
      expect([out.thumb.width, out.thumb.height]).toEqual([240, 320]);
      expect(out.thumb.bytes).toBeLessThan(out.large.bytes);
      expect(out.thumb.bytes).toBeLessThanOrEqual(30 * KB);
    });

    it('leaves no EXIF, GPS, XMP, ICC or orientation in either variant', async () => {
      for (const variant of [out.large, out.thumb]) {
        expectNoMetadata(variant.buffer, await sharp(variant.buffer).metadata());
      }
    });

    it('really rotates the pixels: the top-left of the upright image is the old bottom-left', async () => {
      // Orientation 6 means "rotate 90° clockwise to view", so the viewed top-left pixel is the
      // stored bottom-left one. Compare small averages to stay clear of codec noise.
      const stored = await regionMeans(input, { left: 0, top: 2900, width: 100, height: 100 }, false);
      const viewed = await regionMeans(out.large.buffer, { left: 0, top: 0, width: 25, height: 25 });
      const storedTopLeft = await regionMeans(input, { left: 0, top: 0, width: 100, height: 100 }, false);
      for (let c = 0; c < 3; c++) expect(Math.abs(viewed[c] - stored[c])).toBeLessThan(12);
      // ...and the blobs differ enough between corners for this to mean something.
      expect(Math.max(...[0, 1, 2].map((c) => Math.abs(storedTopLeft[c] - stored[c])))).toBeGreaterThan(25);
    });

  });

  it('keeps the alpha channel of a PNG and never upscales a small image', async () => {
    const out = await processor.process(await alphaPng(600, 400));
    expect(out.sourceType).toBe('image/png');
    const meta = await expectWebp(out.large, 1024);
    expect([out.large.width, out.large.height]).toEqual([600, 400]);
    expect(meta.hasAlpha).toBe(true);
    expect([out.thumb.width, out.thumb.height]).toEqual([320, 213]);
    expect((await regionMeans(out.large.buffer, { left: 10, top: 10, width: 50, height: 50 }))[3]).toBe(0);
    expect((await regionMeans(out.large.buffer, { left: 400, top: 10, width: 50, height: 50 }))[3]).toBe(255);
  });

  it('takes the first frame of an animated GIF', async () => {
    const input = await animatedGif(300, 200);
    expect((await sharp(input).metadata()).pages).toBe(3);
    const out = await processor.process(input);
    expect(out.sourceType).toBe('image/gif');
    const meta = await expectWebp(out.large, 1024);
    expect(meta.pages ?? 1).toBe(1);
    expect([out.large.width, out.large.height]).toEqual([300, 200]);
    const [red, green, blue] = await regionMeans(out.large.buffer, { left: 0, top: 0, width: 300, height: 200 });
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(50);
    expect(blue).toBeLessThan(50);
  });

  it('accepts a WebP and fits a wide image to 1024 px', async () => {
    const out = await processor.process(await plainWebp(2000, 1000));
    expect(out.sourceType).toBe('image/webp');
    expect([out.large.width, out.large.height]).toEqual([1024, 512]);
    expect([out.thumb.width, out.thumb.height]).toEqual([320, 160]);
  });

  it('converts a CMYK JPEG to sRGB', async () => {
    const input = await cmykJpeg();
    expect((await sharp(input).metadata()).space).toBe('cmyk');
    const out = await processor.process(input);
    const meta = await sharp(out.large.buffer).metadata();
    expect(meta.space).toBe('srgb');
    expect(meta.channels).toBe(3);
  });

  it('reads from a stream', async () => {
    const input = await plainWebp(400, 300);
    const chunks = [input.subarray(0, 1000), input.subarray(1000)];
    const out = await processor.processStream(Readable.from(chunks));
    expect([out.large.width, out.large.height]).toEqual([400, 300]);
  });

  describe('rejects', () => {
    it('a text file named .jpg', async () => {
      const error = await rejection(processor.process(Buffer.from('just some text, named photo.jpg\n')));
      expect(error).toBeInstanceOf(UnsupportedImageTypeError);
      expect(error.message).toBe(MESSAGES.property.imageTypeNotAllowed);
      expect(error.status).toBe(400);
    });

    it('an SVG', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>');
      expect(await rejection(processor.process(svg))).toBeInstanceOf(UnsupportedImageTypeError);
    });

    it('a TIFF, which sharp could decode but we do not accept', async () => {
      const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).tiff().toBuffer();
      expect(await rejection(processor.process(tiff))).toBeInstanceOf(UnsupportedImageTypeError);
    });

    it('an empty file', async () => {
      expect(await rejection(processor.process(Buffer.alloc(0)))).toBeInstanceOf(UnsupportedImageTypeError);
    });

    it('a JPEG signature followed by garbage', async () => {
      const junk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
      const error = await rejection(processor.process(junk));
      expect(error).toBeInstanceOf(UnreadableImageError);
      expect(error.status).toBe(400);
    });

    it('a truncated JPEG', async () => {
      const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
        .jpeg()
        .toBuffer();
      const error = await rejection(processor.process(whole.subarray(0, Math.floor(whole.length / 2))));
      expect(error).toBeInstanceOf(UnreadableImageError);
    });

    it('a truncated PNG', async () => {
      const whole = await alphaPng(400, 300);
      expect(await rejection(processor.process(whole.subarray(0, Math.floor(whole.length / 2))))).toBeInstanceOf(
        UnreadableImageError,
      );
    });

    it('a PNG declaring 30000 × 30000 pixels, quickly and without decoding it', async () => {
      const bomb = bombPng(30000, 30000);
      expect(bomb.length).toBeLessThan(2000);
      const rss = process.memoryUsage().rss;
      // Decoding 900 megapixels would take gigabytes: the memory shows it was refused from the header.
      const error = await rejection(processor.process(bomb));
      expect(process.memoryUsage().rss - rss).toBeLessThan(50 * 1024 * 1024);
      expect(error).toBeInstanceOf(ImageDimensionsTooLargeError);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/dimensions are too large/);
    });

    it('by the decoder limit too, should the header check ever be bypassed', async () => {
      const strict = new ImageProcessor({ maxInputPixels: 1000 * 1000 });
      const error = await rejection(
        (strict as unknown as { decode(b: Buffer): Promise<unknown> }).decode(bombPng(2000, 2000)),
      );
      expect(error).toBeInstanceOf(ImageDimensionsTooLargeError);
    });

    it('more than 10 MB, before looking at the bytes', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
      big.set([0xff, 0xd8, 0xff]);
      const error = await rejection(processor.process(big));
      expect(error).toBeInstanceOf(ImageTooLargeError);
      expect(error.status).toBe(413);
      expect(error.message).toBe(MESSAGES.property.imageTooLarge);
      expect(error.toServiceError()).toEqual({ status: 413, message: MESSAGES.property.imageTooLarge });
    });

    it('a stream going past 10 MB, without reading it all', async () => {
      let produced = 0;
      async function* endless() {
        const chunk = Buffer.alloc(1024 * 1024);
        for (;;) {
          produced += chunk.length;
          yield chunk;
        }
      }
      expect(await rejection(processor.processStream(endless()))).toBeInstanceOf(ImageTooLargeError);
      expect(produced).toBeLessThanOrEqual(11 * 1024 * 1024);
    });
  });
});

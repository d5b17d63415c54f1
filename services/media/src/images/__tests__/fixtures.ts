// Test images made with sharp at test time, so no binary fixture lives in the repository.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export const SECRET_MAKE = 'MboaTestCam';
export const XMP_MARKER = 'mboa-secret-xmp';

async function noiseLayer(width: number, height: number, fromW: number, fromH: number, sigma: number): Promise<Buffer> {
  const small = await sharp({ create: { width: fromW, height: fromH, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma } } })
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
}

/**
 * Photo-like RGB pixels: broad colour blobs, mid-sized detail and fine grain, so the encoders meet
 * something as hard to compress as a real room photo rather than a flat colour.
 */
export async function photoPixels(width: number, height: number): Promise<Buffer> {
  const [blobs, detail, grain] = await Promise.all([
    noiseLayer(width, height, Math.max(2, Math.round(width / 100)), Math.max(2, Math.round(height / 100)), 70),
    noiseLayer(width, height, Math.round(width / 10), Math.round(height / 10), 25),
    noiseLayer(width, height, width, height, 5),
  ]);
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0; i < out.length; i++) {
    const v = blobs[i] + detail[i] + grain[i] - 256;
    out[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return out;
}

/** A camera-like JPEG: EXIF with GPS position, orientation 6 (rotate 90° to view), an ICC profile and XMP. */
export async function cameraJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const pixels = await photoPixels(width, height);
  // Fixed corner markers (red top-left, blue bottom-left) so rotation checks never depend on
  // what the random noise happened to put in the corners.
  paintSquare(pixels, width, 0, 0, 150, [230, 20, 20]);
  paintSquare(pixels, width, 0, height - 150, 150, [20, 20, 230]);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: SECRET_MAKE, Model: 'Phone X' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '4/1 3/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '9/1 42/1 567/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .withXmp(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${XMP_MARKER}</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>`)
    .jpeg({ quality: 90 })
    .toBuffer();
}

function paintSquare(pixels: Buffer, width: number, left: number, top: number, size: number, rgb: number[]): void {
  for (let y = top; y < top + size; y++) for (let x = left; x < left + size; x++) pixels.set(rgb, (y * width + x) * 3);
}

/** A PNG with a transparent half. */
export async function alphaPng(width = 1600, height = 1200): Promise<Buffer> {
  const rgb = await photoPixels(width, height);
  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    rgba[p * 4] = rgb[p * 3]!;
    rgba[p * 4 + 1] = rgb[p * 3 + 1]!;
    rgba[p * 4 + 2] = rgb[p * 3 + 2]!;
    rgba[p * 4 + 3] = p % width < width / 2 ? 0 : 255;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

/** An animated GIF whose frames are flat red, green, blue. */
export async function animatedGif(width = 300, height = 200): Promise<Buffer> {
  const colours = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
  ];
  const frames = Buffer.alloc(width * height * 3 * colours.length);
  colours.forEach((rgb, f) => {
    for (let p = 0; p < width * height; p++) frames.set(rgb, (f * width * height + p) * 3);
  });
  return sharp(frames, { raw: { width, height: height * colours.length, channels: 3, pageHeight: height } })
    .gif({ delay: [200, 200, 200], loop: 0 })
    .toBuffer();
}

export async function plainWebp(width = 2000, height = 1000): Promise<Buffer> {
  return sharp(await photoPixels(width, height), { raw: { width, height, channels: 3 } })
    .webp({ quality: 90 })
    .toBuffer();
}

export async function cmykJpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp(await photoPixels(width, height), { raw: { width, height, channels: 3 } })
    .toColourspace('cmyk')
    .jpeg()
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A few hundred bytes of valid PNG declaring `width` × `height` RGB pixels: the shape of a
 * decompression bomb (its data would inflate to gigabytes), of which only the first rows exist.
 */
export function bombPng(width = 30000, height = 30000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * 4); // 4 zero rows, filter byte 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Names of the chunks of a RIFF/WebP file, e.g. ['VP8X', 'ALPH', 'VP8 ']. */
export function webpChunks(webp: Buffer): string[] {
  const names: string[] = [];
  for (let at = 12; at + 8 <= webp.length; ) {
    names.push(webp.toString('ascii', at, at + 4));
    const size = webp.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return names;
}

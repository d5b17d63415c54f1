import type { Sharp } from 'sharp';
import { PHOTO_HASH_CROPS, PHOTO_HASH_TURNS } from '@mboa/contracts';

/** dHash samples a grid one column wider than the bits it yields per row: 9 × 8 pixels → 8 × 8 bits. */
export const DHASH_WIDTH = 9;
export const DHASH_HEIGHT = 8;

/**
 * The 64-bit difference hash of a 9 × 8 grayscale grid (row by row, one byte per pixel): bit set
 * when a pixel is brighter than its right-hand neighbour, row 0 first, most significant bit first,
 * as 16 lower-case hex digits (`PHOTO_HASH_FORMAT` of @mboa/contracts). Comparing neighbours
 * rather than absolute values is what makes it survive re-encoding, resizing and a brightness or
 * contrast change; a small grid is what makes it survive a crop of a few per cent.
 */
export function differenceHashOfGrid(gray: Uint8Array): string {
  if (gray.length !== DHASH_WIDTH * DHASH_HEIGHT) {
    throw new RangeError(`a dHash grid is ${DHASH_WIDTH} × ${DHASH_HEIGHT} pixels, got ${gray.length}`);
  }
  let hex = '';
  for (let row = 0; row < DHASH_HEIGHT; row++) {
    let byte = 0;
    for (let col = 0; col < DHASH_WIDTH - 1; col++) {
      const left = gray[row * DHASH_WIDTH + col];
      const right = gray[row * DHASH_WIDTH + col + 1];
      byte = (byte << 1) | (left > right ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/**
 * A photo's hashes: of the whole picture, of its centre with PHOTO_HASH_CROPS trimmed off each
 * edge, and of the whole picture turned as PHOTO_HASH_TURNS says.
 */
export interface PhotoHashes {
  perceptualHash: string;
  croppedHashes: string[];
  turnedHashes: string[];
}

/**
 * Each turn of PHOTO_HASH_TURNS as sharp operations. Stored rather than worked out when comparing:
 * a dHash records only left-right differences, so a quarter turn of the picture (whose rows were
 * its columns) cannot be had from the 64 bits; it needs the pixels, which a comparison with every
 * stored photo cannot decode. Four more hashes cost 32 bytes a photo and about a millisecond of a
 * 9 × 8 resize each at upload.
 */
const TURNS: Record<(typeof PHOTO_HASH_TURNS)[number], (image: Sharp) => Sharp> = {
  mirrored: (image) => image.flop(),
  'rotated 90°': (image) => image.rotate(90),
  'rotated 180°': (image) => image.rotate(180),
  'rotated 270°': (image) => image.rotate(270),
};

/**
 * The photo's difference hashes from an already decoded image of `width` × `height` (the pipeline
 * hands it the pixels it encodes the variants from, so the hashes depend on the picture, not on
 * the file or the store).
 */
export async function photoHashes(image: Sharp, width: number, height: number): Promise<PhotoHashes> {
  const [perceptualHash, croppedHashes, turnedHashes] = await Promise.all([
    differenceHash(image.clone()),
    Promise.all(
      PHOTO_HASH_CROPS.map((fraction) => {
        const left = Math.round(width * fraction);
        const top = Math.round(height * fraction);
        // A photo too small to crop (a few pixels) is hashed whole again: harmless, same bits.
        if (width - 2 * left < DHASH_WIDTH || height - 2 * top < DHASH_HEIGHT) return differenceHash(image.clone());
        return differenceHash(image.clone().extract({ left, top, width: width - 2 * left, height: height - 2 * top }));
      }),
    ),
    Promise.all(PHOTO_HASH_TURNS.map((turn) => differenceHash(TURNS[turn](image.clone())))),
  ]);
  return { perceptualHash, croppedHashes, turnedHashes };
}

/** Transparent areas count as white, as a browser shows them on the page. */
export async function differenceHash(image: Sharp): Promise<string> {
  const { data, info } = await image
    .flatten({ background: '#ffffff' })
    .grayscale()
    // `fill`: the whole picture squeezed into the grid, whatever its aspect ratio, so a photo and
    // its resized copy sample the same places.
    .resize(DHASH_WIDTH, DHASH_HEIGHT, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 1) return differenceHashOfGrid(data);
  const gray = new Uint8Array(DHASH_WIDTH * DHASH_HEIGHT);
  for (let i = 0; i < gray.length; i++) gray[i] = data[i * info.channels];
  return differenceHashOfGrid(gray);
}

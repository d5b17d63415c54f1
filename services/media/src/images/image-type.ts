import type { AcceptedImageType } from './image-limits.js';
import { UnsupportedImageTypeError } from './image-errors.js';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
/** First chunk of every WebP file: lossy, lossless or extended. */
const WEBP_CHUNKS = [ascii('VP8 '), ascii('VP8L'), ascii('VP8X')];

/**
 * The image type from the file's magic numbers, or undefined when it is not one we accept.
 * The name and the declared MIME type of an upload are never trusted.
 */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | undefined {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8) && WEBP_CHUNKS.some((c) => startsWith(bytes, c, 12))) {
    return 'image/webp';
  }
  return undefined;
}

/** Like {@link sniffImageType}, throwing {@link UnsupportedImageTypeError} for anything else. */
export function assertAcceptedImageType(bytes: Uint8Array): AcceptedImageType {
  const type = sniffImageType(bytes);
  if (!type) throw new UnsupportedImageTypeError();
  return type;
}

/** sharp's name for each accepted type, to check the decoder agrees with the signature. */
export const SHARP_FORMAT: Record<AcceptedImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  IMAGE_LIMITS,
  type AcceptedImageType,
  type ImageLimits,
} from './image-limits.js';
import {
  ImageDimensionsTooLargeError,
  ImageTooLargeError,
  UnreadableImageError,
  UnsupportedImageTypeError,
} from './image-errors.js';
import { assertAcceptedImageType, SHARP_FORMAT } from './image-type.js';
import { readAtMost } from './read-limited.js';
import { photoHashes } from './perceptual-hash.js';

export interface ImageVariant {
  buffer: Buffer;
  width: number;
  height: number;
  /** Size of `buffer` in bytes. */
  bytes: number;
  contentType: 'image/webp';
}

export interface ProcessedImage {
  /** At most `largeMaxDimension` px on its long side, about `largeTargetBytes`. */
  large: ImageVariant;
  /** At most `thumbMaxDimension` px on its long side, for cards. */
  thumb: ImageVariant;
  /** The type the upload really was, from its bytes. */
  sourceType: AcceptedImageType;
  /** The picture's 64-bit dHash as 16 hex digits (perceptual-hash.ts), to catch reused photos. */
  perceptualHash: string;
  /** The same of its centre, PHOTO_HASH_CROPS trimmed off each edge. */
  croppedHashes: string[];
  /** The same of the picture mirrored and rotated (PHOTO_HASH_TURNS). */
  turnedHashes: string[];
}

export type ImageProcessorOptions = Partial<ImageLimits>;

interface Decoded {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * The image pipeline of property photos: validates an upload and re-encodes it as WebP variants
 * without any metadata. The only place that knows about sharp, so the rest of the service depends
 * on this small class (as immich's media repository does) and tests need no native code to fake.
 */
export class ImageProcessor {
  readonly limits: Readonly<ImageLimits>;

  constructor(options: ImageProcessorOptions = {}) {
    this.limits = { ...IMAGE_LIMITS, ...options };
  }

  /** Same as {@link process}, reading the upload from a stream with the byte cap enforced while reading. */
  async processStream(source: AsyncIterable<Uint8Array | string>): Promise<ProcessedImage> {
    return this.process(await readAtMost(source, this.limits.maxInputBytes));
  }

  /**
   * Rejects (with an {@link ImageRejectedError}) anything but a readable JPEG, PNG, GIF or WebP
   * within the byte and pixel limits; otherwise returns the large and thumbnail WebP variants,
   * turned upright from the EXIF orientation, with EXIF, GPS, XMP and ICC data all dropped.
   * Animated images keep their first frame.
   */
  async process(input: Uint8Array): Promise<ProcessedImage> {
    if (input.byteLength > this.limits.maxInputBytes) throw new ImageTooLargeError(this.limits.maxInputBytes);
    const sourceType = assertAcceptedImageType(input);
    await this.checkHeader(input, sourceType);
    const decoded = await this.decode(input);

    // Both variants and the hash start from the same decoded, already downscaled pixels: one
    // decode per upload, the encodes run side by side on libuv's thread pool.
    const base = sharp(decoded.pixels, {
      raw: { width: decoded.width, height: decoded.height, channels: decoded.channels },
    });
    const [large, thumb, hashes] = await Promise.all([
      this.encodeLarge(base),
      this.encodeThumb(base.clone()),
      photoHashes(base.clone(), decoded.width, decoded.height),
    ]);
    return { large, thumb, sourceType, ...hashes };
  }

  /** Header-only look (no pixel decoded): the decoder must agree with the signature, dimensions sane. */
  private async checkHeader(input: Uint8Array, sourceType: AcceptedImageType): Promise<void> {
    let metadata: Metadata;
    try {
      metadata = await sharp(input, { limitInputPixels: false }).metadata();
    } catch (cause) {
      throw new UnreadableImageError({ cause });
    }
    if (metadata.format !== SHARP_FORMAT[sourceType]) throw new UnsupportedImageTypeError();
    const { width, height } = metadata;
    if (!width || !height) throw new UnreadableImageError();
    if (width * height > this.limits.maxInputPixels) throw new ImageDimensionsTooLargeError(this.limits.maxInputPixels);
  }

  private async decode(input: Uint8Array): Promise<Decoded> {
    const max = this.limits.largeMaxDimension;
    try {
      const { data, info } = await sharp(input, {
        // Enforced again by libvips itself, whatever the header check above concluded.
        limitInputPixels: this.limits.maxInputPixels,
        // 'error' also refuses truncated data, yet tolerates the harmless warnings many phone
        // cameras' JPEGs raise (the stricter 'warning' level would refuse real photos).
        failOn: 'error',
        autoOrient: true,
        pages: 1,
      })
        // JPEG and WebP shrink while decoding, so a 12 MP photo is never held at full size.
        .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true })
        // Without withMetadata()/keepMetadata() sharp drops EXIF, GPS, XMP and ICC and converts
        // to sRGB; raw pixels carry no metadata at all.
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      return { pixels: data, width: info.width, height: info.height, channels: info.channels };
    } catch (cause) {
      if (cause instanceof Error && /pixel limit/i.test(cause.message)) {
        throw new ImageDimensionsTooLargeError(this.limits.maxInputPixels);
      }
      throw new UnreadableImageError({ cause });
    }
  }

  /**
   * Encodes at the start quality, then (when the file is above `largeAcceptBytes`) once more at a
   * quality predicted to land near the target, and a third time only if that is still above
   * `largeRetryAboveBytes`. Never under `largeMinQuality`.
   */
  private async encodeLarge(base: Sharp): Promise<ImageVariant> {
    const { largeStartQuality, largeMinQuality, largeMaxAttempts, largeAcceptBytes, largeRetryAboveBytes, largeTargetBytes } =
      this.limits;
    const tries: Try[] = [];
    let quality = largeStartQuality;
    for (;;) {
      const variant = await this.encode(base.clone(), quality);
      tries.push({ quality, bytes: variant.bytes });
      const goodEnough = variant.bytes <= (tries.length === 1 ? largeAcceptBytes : largeRetryAboveBytes);
      if (goodEnough || quality <= largeMinQuality || tries.length >= largeMaxAttempts) return variant;
      quality = nextQuality(tries, largeTargetBytes, largeMinQuality);
    }
  }

  private async encodeThumb(base: Sharp): Promise<ImageVariant> {
    const max = this.limits.thumbMaxDimension;
    return this.encode(
      base.resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true }),
      this.limits.thumbQuality,
    );
  }

  private async encode(pipeline: Sharp, quality: number): Promise<ImageVariant> {
    const { data, info } = await pipeline
      .webp({ quality, effort: this.limits.webpEffort })
      .toBuffer({ resolveWithObject: true });
    return { buffer: data, width: info.width, height: info.height, bytes: data.length, contentType: 'image/webp' };
  }
}

/**
 * Process-wide libvips settings for a service: `threads` per image operation (sharp's default on
 * glibc is 1; parallelism comes from several images and the two encodes instead), and no
 * operation cache, useless when every upload is new and costly in memory.
 */
export function configureImageLibrary(options: { threads?: number } = {}): void {
  sharp.concurrency(options.threads ?? 1);
  sharp.cache(false);
}

interface Try {
  quality: number;
  bytes: number;
}

/**
 * How much ln(bytes) drops per WebP quality point, for a first guess. Measured on 1024 px photos
 * between quality 50 and 80: 0.015 (grainy) to 0.03 (smooth rooms); the low end of that range
 * errs towards a smaller file rather than a third encode.
 */
const LN_BYTES_PER_QUALITY = 0.02;

/**
 * The next quality to try: after one try, from the fixed slope above; after two, from the slope
 * through the last two tries, as WebP size is close to exponential in quality over this range.
 */
function nextQuality(tries: readonly Try[], targetBytes: number, minQuality: number): number {
  const last = tries[tries.length - 1];
  const prev = tries[tries.length - 2];
  const measured = prev && prev.bytes > last.bytes ? Math.log(prev.bytes / last.bytes) / (prev.quality - last.quality) : 0;
  const slope = measured > 0 ? measured : LN_BYTES_PER_QUALITY;
  const next = Math.round(last.quality - Math.log(last.bytes / targetBytes) / slope);
  // Always move by a few points at least, so a poor estimate can't stall the search.
  return Math.max(minQuality, Math.min(next, last.quality - 4));
}

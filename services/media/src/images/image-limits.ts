import { LIMITS, MESSAGES } from '@mboa/contracts';

/**
 * Numbers and texts of the image pipeline. The product-wide ones come from `@mboa/contracts`; the
 * rest are tuning of this service alone.
 */
const KB = 1024;
const MB = 1024 * KB;

export const IMAGE_LIMITS = {
  /** Second guard behind the gateway's streaming cap (docs/api.md#limits: each image at most 10 MB). */
  maxInputBytes: LIMITS.images.maxBytes,
  /**
   * Decompression-bomb guard, checked from the header before any pixel is decoded. 8192 × 6144
   * (~50 MP) still admits photos straight from the 48/50 MP sensors of mid-range phones.
   */
  maxInputPixels: 8192 * 6144,
  /** Long side of the large variant (docs/api.md#limits), never upscaled. */
  largeMaxDimension: LIMITS.images.maxDimension,
  /** Long side of the card thumbnail. */
  thumbMaxDimension: LIMITS.images.thumbnailDimension,
  /** Aim of the large variant: the browser's compression target (about 0.1 MB). */
  largeTargetBytes: Math.round(LIMITS.images.compressionTargetMb * MB),
  /** A first encode at or under this size is kept without trying a lower quality. */
  largeAcceptBytes: 120 * KB,
  /** After the second encode, only a file above this is worth a third (each encode costs ~90 ms). */
  largeRetryAboveBytes: 150 * KB,
  largeStartQuality: 78,
  /** Below this WebP quality, artefacts show on a phone screen; a bigger file is the lesser harm. */
  largeMinQuality: 50,
  /** Encodes of the large variant per image, bounding the time of the quality search. */
  largeMaxAttempts: 3,
  thumbQuality: 70,
  /** libwebp effort 0-6: 4 is its default; 5-6 cost much more time for little size on photos. */
  webpEffort: 4,
} as const;

export type ImageLimits = { -readonly [K in keyof typeof IMAGE_LIMITS]: number };

/** `LIMITS.images.allowedMimeTypes` as a type (a test keeps the two lists equal). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export const IMAGE_MESSAGES = {
  unsupportedType: MESSAGES.property.imageTypeNotAllowed,
  tooManyBytes: MESSAGES.property.imageTooLarge,
  unreadable: MESSAGES.property.imageUnreadable,
  tooManyPixels: MESSAGES.property.imageTooManyPixels,
} as const;

/**
 * Numbers and texts of the image pipeline.
 *
 * The product-wide ones (10 MB, 1024 px, the thumbnail size, the ~0.1 MB target, the accepted types)
 * mirror `LIMITS.images` of `@mboa/contracts`; they are copied here only until the contracts index
 * exports `LIMITS` and the media messages. Then this file should re-export from there.
 */
const KB = 1024;
const MB = 1024 * KB;

export const IMAGE_LIMITS = {
  /** Second guard behind the gateway's streaming cap (CONTRACT.md: each image at most 10 MB). */
  maxInputBytes: 10 * MB,
  /**
   * Decompression-bomb guard, checked from the header before any pixel is decoded. 8192 × 6144
   * (~50 MP) still admits photos straight from the 48/50 MP sensors of mid-range phones.
   */
  maxInputPixels: 8192 * 6144,
  /** Long side of the large variant (CONTRACT.md), never upscaled. */
  largeMaxDimension: 1024,
  /** Long side of the card thumbnail. */
  thumbMaxDimension: 320,
  /** Aim of the large variant: the spec's browser compression target of about 0.1 MB. */
  largeTargetBytes: 100 * KB,
  /** Large variants at or under this size are kept without trying a lower quality. */
  largeAcceptBytes: 120 * KB,
  largeStartQuality: 78,
  /** Below this WebP quality, artefacts show on a phone screen; a bigger file is the lesser harm. */
  largeMinQuality: 50,
  /** Encodes of the large variant per image, bounding the time of the quality search. */
  largeMaxAttempts: 3,
  thumbQuality: 70,
  /** libwebp effort 0-6: 4 is its default, and 5-6 cost much more time for little size on photos. */
  webpEffort: 4,
} as const;

export type ImageLimits = { -readonly [K in keyof typeof IMAGE_LIMITS]: number };

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export const IMAGE_MESSAGES = {
  unsupportedType: 'Only JPEG, PNG, GIF or WebP images are allowed',
  unreadable: 'The image could not be read: the file is damaged or incomplete',
  tooManyPixels: (maxPixels: number) =>
    `The image dimensions are too large (at most ${Math.floor(maxPixels / 1e6)} megapixels)`,
  tooManyBytes: (maxBytes: number) => `Each image must be at most ${Math.round(maxBytes / MB)} MB`,
} as const;

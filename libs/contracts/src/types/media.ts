/** Files under /media never change once written (content-addressed keys), so caches may keep them. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Where the gateway serves the object store's keys: `/media/<key>`. */
export const MEDIA_URL_PREFIX = '/media/';

/**
 * Images never travel over NATS (1 MB payload limit): the gateway streams each uploaded file into
 * the object store under a staging key, and media reads it from there.
 */
export const MEDIA_STAGING_PREFIX = 'uploads/';

/** `uploads/<uuid>`: the only keys `media.images.process` reads. */
export const MEDIA_STAGING_KEY = /^uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isStagingKey(key: string): boolean {
  return MEDIA_STAGING_KEY.test(key);
}

/** One uploaded file, already in the object store under a staging key. */
export interface StagedImageUpload {
  /** `uploads/<uuid>` (MEDIA_STAGING_KEY). */
  key: string;
  /** The name the client gave the file (`${timestamp}-${index}-${originalName}` from the web app). */
  filename: string;
}

export interface ProcessedImageVariant {
  url: string;
  key: string;
  width: number;
  height: number;
  bytes: number;
  mimeType: string;
}

export interface ProcessedImage {
  large: ProcessedImageVariant;
  thumbnail: ProcessedImageVariant;
  alt: string;
  /**
   * The photo's 64-bit difference hash (dHash) as 16 lower-case hex digits (PHOTO_HASH_FORMAT):
   * what listings compares to catch a photo reused from another owner's listing. Absent from
   * images processed before media computed it.
   */
  perceptualHash?: string;
  /**
   * The same hash of the photo's centre with 5 % and then 10 % trimmed off each edge (PHOTO_HASH_CROPS):
   * a later copy cropped that much is compared with these too, as a crop moves every sampled point.
   */
  croppedHashes?: string[];
  /**
   * The same hash of the photo turned as a copier turns it (PHOTO_HASH_TURNS: mirrored left to
   * right, rotated 90°, 180° and 270° clockwise): a mirrored or rotated copy is compared with these,
   * as a turn moves every sampled point. Absent from images processed before media computed them.
   */
  turnedHashes?: string[];
}

/** The fractions trimmed off each edge for `ProcessedImage.croppedHashes`, in that order. */
export const PHOTO_HASH_CROPS = [0.05, 0.1] as const;

/**
 * The turns of a photo `ProcessedImage.turnedHashes` hashes, in that order: each one's inverse is in
 * the list too (a mirror is its own, 90° and 270° undo each other), so a copy turned one way is
 * caught whether the original's or the copy's turned hashes are the ones stored.
 */
export const PHOTO_HASH_TURNS = ['mirrored', 'rotated 90°', 'rotated 180°', 'rotated 270°'] as const;

/** `ProcessedImage.perceptualHash`: 64 bits as 16 lower-case hex digits, most significant first. */
export const PHOTO_HASH_FORMAT = /^[0-9a-f]{16}$/;

/** `media.images.process` */
export interface ProcessImagesRequest {
  ownerId: string;
  /** Known when images are added to an existing property; otherwise media picks an upload scope. */
  propertyId?: string;
  /** The property's title, for the images' alt text (the file name otherwise). */
  title?: string;
  /** In the order posted; the reply keeps it. Staging objects are deleted once read. */
  uploads: StagedImageUpload[];
}

export interface ProcessImagesReply {
  images: ProcessedImage[];
}

/** `media.images.discard`: variants to delete (`ProcessedImageVariant.key`), e.g. after listings refused the property. */
export interface DiscardImagesRequest {
  keys: string[];
}

export interface DiscardImagesReply {
  removed: number;
}

/** Every variant key of some processed images (what `media.images.discard` and `property.deleted` carry). */
export function imageKeysOf(images: readonly ProcessedImage[]): string[] {
  return images.flatMap((image) => [image.large.key, image.thumbnail.key]);
}

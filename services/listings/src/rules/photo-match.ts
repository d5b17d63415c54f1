import { PHOTO_HASH_FORMAT } from '@mboa/contracts';

/**
 * Two photos are the same picture when their 64-bit dHashes (media's pipeline, docs/services.md)
 * differ in at most this many bits.
 *
 * Measured with scripts/bench/photo-hash-threshold.mjs (docs/benchmarks.md#reused-photos-the-hash-threshold),
 * 48 seeded photo-like scenes of 1600 × 1200 and 14 edits of each, through the real pipeline:
 * - a copy posted after the original (re-encoded, halved, cropped 5 or 10 % off each edge, quality 40,
 *   WebP, mirrored, rotated 90°, 180° or 270°, and the mixes): at most 6 bits away (p95 5); a copy
 *   of a copy, neither turned: at most 8 (p95 4);
 * - different pictures, turned hashes included: at least 9 bits apart (two pairs of scenes out of
 *   1,128; 0.1st percentile 11, median 24).
 * 8 catches every such copy measured (two bits above the copies of an original) and matched none
 * of the 507,600 pairs of different pictures; 9 would have matched two pairs of scenes, 7 missed two
 * copies of copies. A match is shown to staff beside the other photo, never acted on alone.
 */
export const PHOTO_MATCH_MAX_DISTANCE = 8;

/** The review screen shows at most this many other listings' photos per photo, the closest first. */
export const PHOTO_MATCHES_PER_PHOTO = 3;

/** Bits that differ between two hashes in PHOTO_HASH_FORMAT (16 hex digits): 0 to 64. */
export function photoHashDistance(a: string, b: string): number {
  if (!PHOTO_HASH_FORMAT.test(a) || !PHOTO_HASH_FORMAT.test(b)) throw new RangeError('a photo hash is 16 lower-case hex digits');
  let bits = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (bits) {
    bits &= bits - 1n;
    count++;
  }
  return count;
}

/**
 * A photo's hashes as stored: of the whole picture, of its cropped centres (media's croppedHashes)
 * and of the picture mirrored and rotated (media's turnedHashes; none for photos processed before).
 */
export interface StoredPhotoHashes {
  perceptualHash: string;
  croppedHashes: readonly string[];
  turnedHashes?: readonly string[];
}

/**
 * How far a new photo is from an earlier one: the closest of the new photo whole against the earlier
 * one whole, cropped (a copy trimmed at the edges) or turned (a mirrored or rotated copy), of the new
 * photo cropped against the earlier one whole (a copy of the wider original of a photo that was
 * posted trimmed), and of the new photo turned against the earlier one whole (the same turn seen
 * from the copy: PHOTO_HASH_TURNS holds each turn's inverse, so a photo stored before turned hashes
 * existed is still caught by the other's).
 */
export function photoDistance(later: StoredPhotoHashes, earlier: StoredPhotoHashes): number {
  const pairs: Array<[string, string]> = [
    [later.perceptualHash, earlier.perceptualHash],
    ...earlier.croppedHashes.map((hash): [string, string] => [later.perceptualHash, hash]),
    ...later.croppedHashes.map((hash): [string, string] => [hash, earlier.perceptualHash]),
    ...(earlier.turnedHashes ?? []).map((hash): [string, string] => [later.perceptualHash, hash]),
    ...(later.turnedHashes ?? []).map((hash): [string, string] => [hash, earlier.perceptualHash]),
  ];
  return Math.min(...pairs.map(([a, b]) => photoHashDistance(a, b)));
}

export function isSamePhoto(distance: number): boolean {
  return distance <= PHOTO_MATCH_MAX_DISTANCE;
}

/** What the match rule needs to know of a listing. */
export interface ListingForPhotoMatch {
  id: string;
  ownerId: string;
  createdAt: Date;
  deletedAt: Date | null;
}

/**
 * May `other`'s photos flag `listing`? Only another owner's listing (an owner re-posting their own
 * flat is not a scam), still live (a deleted listing's photos are free again), and posted before
 * it: the copy is the later one, so the original listing is never flagged by its copy.
 */
export function mayFlag(listing: ListingForPhotoMatch, other: ListingForPhotoMatch): boolean {
  if (other.id === listing.id || other.ownerId === listing.ownerId || other.deletedAt !== null) return false;
  const otherTime = other.createdAt.getTime();
  const time = listing.createdAt.getTime();
  return otherTime < time || (otherTime === time && other.id < listing.id);
}

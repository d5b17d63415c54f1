import { PHOTO_HASH_CROPS, PHOTO_HASH_FORMAT, PHOTO_HASH_TURNS, type PhotoMatch } from '@mboa/contracts';
import type { ListingsDb } from '../db.js';
import { Prisma } from '../generated/prisma/client.js';
import {
  isSamePhoto,
  mayFlag,
  PHOTO_MATCH_MAX_DISTANCE,
  PHOTO_MATCHES_PER_PHOTO,
  photoDistance,
  type ListingForPhotoMatch,
} from '../rules/photo-match.js';

/**
 * The column keeps media's 16 hex digits as a signed 64-bit integer (PostgreSQL has no unsigned
 * one), so the database can XOR two hashes and count the bits that differ.
 */
export function photoHashColumn(hash: string | undefined): bigint | null {
  if (hash === undefined || !PHOTO_HASH_FORMAT.test(hash)) return null;
  return BigInt.asIntN(64, BigInt(`0x${hash}`));
}

export function photoHashOfColumn(column: bigint): string {
  return BigInt.asUintN(64, column).toString(16).padStart(16, '0');
}

const within = (later: string, earlier: string) =>
  Prisma.sql`bit_count((${Prisma.raw(later)} # ${Prisma.raw(earlier)})::bit(64)) <= ${PHOTO_MATCH_MAX_DISTANCE}`;

/**
 * photoDistance's pairs, written out: the new photo whole against the earlier one whole, cropped
 * and turned, and the new one cropped and turned against the earlier one whole. A missing crop or
 * turn is NULL and compares as false. (With unnest instead, 100,000 stored photos took 1.7 s;
 * written out, 0.17 s.)
 */
const comparedPairs = Prisma.join(
  [
    within('mine.perceptual_hash', 'other.perceptual_hash'),
    ...PHOTO_HASH_CROPS.map((_, i) => within('mine.perceptual_hash', `other.cropped_hashes[${i + 1}]`)),
    ...PHOTO_HASH_CROPS.map((_, i) => within(`mine.cropped_hashes[${i + 1}]`, 'other.perceptual_hash')),
    ...PHOTO_HASH_TURNS.map((_, i) => within('mine.perceptual_hash', `other.turned_hashes[${i + 1}]`)),
    ...PHOTO_HASH_TURNS.map((_, i) => within(`mine.turned_hashes[${i + 1}]`, 'other.perceptual_hash')),
  ],
  ' OR ',
);

interface CandidateRow {
  position: number;
  imageUrl: string;
  hash: bigint;
  croppedHashes: bigint[];
  turnedHashes: bigint[];
  matchedImageUrl: string;
  matchedHash: bigint;
  matchedCroppedHashes: bigint[];
  matchedTurnedHashes: bigint[];
  matchedPropertyId: string;
  matchedPropertyTitle: string;
  ownerId: string;
  createdAt: Date;
  deletedAt: Date | null;
}

/**
 * This listing's photos that are the same picture as a photo of another owner's earlier, live
 * listing (rules/photo-match.ts), in the order of its photos, the closest first, at most
 * PHOTO_MATCHES_PER_PHOTO per photo. Worked out at each read rather than stored, so a deleted
 * listing's photos stop matching at once and nothing needs recomputing when one is deleted.
 */
export async function photoMatchesOf(db: ListingsDb, listing: ListingForPhotoMatch): Promise<PhotoMatch[]> {
  // The SQL only narrows (other owners, live listings, the pairs of hashes photoDistance compares
  // within the distance: a scan of every stored photo); the rule decides and gives the distance.
  const candidates = await db.$queryRaw<CandidateRow[]>`
    SELECT mine.position, mine.large_url AS "imageUrl", mine.perceptual_hash AS hash, mine.cropped_hashes AS "croppedHashes",
           mine.turned_hashes AS "turnedHashes",
           other.large_url AS "matchedImageUrl", other.perceptual_hash AS "matchedHash",
           other.cropped_hashes AS "matchedCroppedHashes", other.turned_hashes AS "matchedTurnedHashes",
           p.id AS "matchedPropertyId", p.title AS "matchedPropertyTitle", p.owner_id AS "ownerId",
           p.created_at AS "createdAt", p.deleted_at AS "deletedAt"
    FROM "listings"."property_images" mine
    JOIN "listings"."property_images" other
      ON other.property_id <> mine.property_id
     AND other.perceptual_hash IS NOT NULL
     AND (${comparedPairs})
    JOIN "listings"."properties" p ON p.id = other.property_id
    WHERE mine.property_id = ${listing.id}::uuid AND mine.perceptual_hash IS NOT NULL
      AND p.deleted_at IS NULL AND p.owner_id <> ${listing.ownerId}::uuid`;

  const byPhoto = new Map<number, Array<PhotoMatch & { createdAt: Date }>>();
  for (const row of candidates) {
    const other = { id: row.matchedPropertyId, ownerId: row.ownerId, createdAt: row.createdAt, deletedAt: row.deletedAt };
    const distance = photoDistance(
      { perceptualHash: photoHashOfColumn(row.hash), croppedHashes: row.croppedHashes.map(photoHashOfColumn), turnedHashes: row.turnedHashes.map(photoHashOfColumn) },
      {
        perceptualHash: photoHashOfColumn(row.matchedHash),
        croppedHashes: row.matchedCroppedHashes.map(photoHashOfColumn),
        turnedHashes: row.matchedTurnedHashes.map(photoHashOfColumn),
      },
    );
    if (!mayFlag(listing, other) || !isSamePhoto(distance)) continue;
    const matches = byPhoto.get(row.position) ?? [];
    matches.push({
      imageUrl: row.imageUrl,
      matchedPropertyId: row.matchedPropertyId,
      matchedPropertyTitle: row.matchedPropertyTitle,
      matchedImageUrl: row.matchedImageUrl,
      distance,
      createdAt: row.createdAt,
    });
    byPhoto.set(row.position, matches);
  }
  return [...byPhoto.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, matches]) =>
      matches
        // The closest first; between equals, the earliest listing (the likelier original).
        .sort((a, b) => a.distance - b.distance || a.createdAt.getTime() - b.createdAt.getTime() || a.matchedPropertyId.localeCompare(b.matchedPropertyId))
        .slice(0, PHOTO_MATCHES_PER_PHOTO)
        .map(({ createdAt: _createdAt, ...match }) => match),
    );
}

import { PHOTO_HASH_FORMAT, type PhotoMatch } from '@mboa/contracts';
import type { ListingsDb } from '../db.js';
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

interface CandidateRow {
  position: number;
  imageUrl: string;
  hash: bigint;
  croppedHashes: bigint[];
  matchedImageUrl: string;
  matchedHash: bigint;
  matchedCroppedHashes: bigint[];
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
  // The SQL only narrows (any pair of hashes within the distance, other owners, live listings: a
  // scan of every stored hash); the rule decides which pairs count and the distance.
  const candidates = await db.$queryRaw<CandidateRow[]>`
    SELECT mine.position, mine.large_url AS "imageUrl", mine.perceptual_hash AS hash, mine.cropped_hashes AS "croppedHashes",
           other.large_url AS "matchedImageUrl", other.perceptual_hash AS "matchedHash",
           other.cropped_hashes AS "matchedCroppedHashes",
           p.id AS "matchedPropertyId", p.title AS "matchedPropertyTitle", p.owner_id AS "ownerId",
           p.created_at AS "createdAt", p.deleted_at AS "deletedAt"
    FROM "listings"."property_images" mine
    JOIN "listings"."property_images" other
      ON other.property_id <> mine.property_id
     AND other.perceptual_hash IS NOT NULL
     AND EXISTS (SELECT 1 FROM unnest(mine.perceptual_hash || mine.cropped_hashes) AS later(hash),
                               unnest(other.perceptual_hash || other.cropped_hashes) AS earlier(hash)
                 WHERE bit_count((later.hash # earlier.hash)::bit(64)) <= ${PHOTO_MATCH_MAX_DISTANCE})
    JOIN "listings"."properties" p ON p.id = other.property_id
    WHERE mine.property_id = ${listing.id}::uuid AND mine.perceptual_hash IS NOT NULL
      AND p.deleted_at IS NULL AND p.owner_id <> ${listing.ownerId}::uuid`;

  const byPhoto = new Map<number, Array<PhotoMatch & { createdAt: Date }>>();
  for (const row of candidates) {
    const other = { id: row.matchedPropertyId, ownerId: row.ownerId, createdAt: row.createdAt, deletedAt: row.deletedAt };
    const distance = photoDistance(
      { perceptualHash: photoHashOfColumn(row.hash), croppedHashes: row.croppedHashes.map(photoHashOfColumn) },
      { perceptualHash: photoHashOfColumn(row.matchedHash), croppedHashes: row.matchedCroppedHashes.map(photoHashOfColumn) },
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

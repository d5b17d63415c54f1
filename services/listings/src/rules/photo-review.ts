// Photos added to a listing staff have already approved (docs/api.md#adding-photos-to-a-listing):
// approved with honest photos, a listing must not swap them for someone else's house unseen, so
// such photos wait for staff before any public answer, page, search document or preview shows them.
import { MESSAGES, type Actor } from '@mboa/contracts';
import { fail } from '@mboa/platform';

/** Staff's photos, and photos of a listing still waiting for its first review, go out with the listing. */
export function photosHeldOnAdd(actor: Actor, property: { reviewState: string }): boolean {
  return actor.role !== 'admin' && property.reviewState === 'approved';
}

/** The photos the public may see: never one awaiting review. */
export function publicPhotos<T extends { heldForReview: boolean }>(images: readonly T[]): T[] {
  return images.filter((image) => !image.heldForReview);
}

/**
 * The held photos a review decides on: the ones named in `imageIds` (all of them when none is named).
 * 400 when there is nothing to decide, or a named photo is not one awaiting review of this listing.
 */
export function heldPhotosToReview<T extends { id: string; heldForReview: boolean }>(images: readonly T[], imageIds?: readonly string[]): T[] {
  const held = images.filter((image) => image.heldForReview);
  if (held.length === 0) throw fail.badRequest(MESSAGES.property.noPhotosAwaitingReview);
  if (!imageIds?.length) return held;
  const wanted = new Set(imageIds);
  const chosen = held.filter((image) => wanted.has(image.id));
  if (chosen.length !== wanted.size) throw fail.badRequest(MESSAGES.property.noPhotosAwaitingReview);
  return chosen;
}

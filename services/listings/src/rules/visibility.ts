// Who sees which property, and so what search shows (docs/api.md "Visibility"). The one place these
// rules live: details, bookings, search results and the search index all judge with them.
import type { Actor } from '@mboa/contracts';
import { FRESHNESS, isStale } from './freshness.js';

/** What visibility depends on, from a listings Property row or an event's snapshot. */
export interface VisibilityFacts {
  ownerId: string;
  status: string;
  isVerified: boolean;
  reviewState: string;
  deletedAt?: Date | string | null;
  /** Since when it is held out of search pending review of scam reports; null or absent when not held. */
  heldAt?: Date | string | null;
  /** When the owner last confirmed it is available (rules/freshness.ts); absent in events from before it was kept. */
  availabilityConfirmedAt?: Date | string | null;
}

/** What listings knows of the owner (its owners projection); null while not known yet. */
export interface OwnerFacts {
  banned: boolean;
}

/** Why the public does not see a property, first reason first; null when it does. */
export type HiddenReason = 'deleted' | 'notApproved' | 'rented' | 'deactivated' | 'ownerBanned' | 'heldForReview' | 'notConfirmed';

/**
 * The public (renters, visitors, search) sees a property only when it is not deleted, approved by
 * a reviewer (verified), available (a rented or deactivated one is hidden), its owner is not
 * banned and it is not held pending review (enough different people reported it as a scam:
 * moderation's `property.held`, until staff resolve the reports). An owner the projection does
 * not know yet counts as not banned: auth's ban arrives as an event and re-runs this. Nor does it
 * see a listing its owner has not confirmed as available for 45 days (`notConfirmed`).
 */
export function hiddenBecause(property: VisibilityFacts, owner: OwnerFacts | null, now = new Date()): HiddenReason | null {
  if (property.deletedAt) return 'deleted';
  if (!property.isVerified || property.reviewState !== 'approved') return 'notApproved';
  if (property.status === 'rented') return 'rented';
  if (property.status !== 'available') return 'deactivated';
  if (owner?.banned) return 'ownerBanned';
  if (property.heldAt) return 'heldForReview';
  // Unconfirmed for 45 days: the status stays, confirming brings it back (rules/freshness.ts).
  if (isStale(property.availabilityConfirmedAt, now)) return 'notConfirmed';
  return null;
}

/** Seen by the public, and so in the search index and in search results. */
export function isPubliclyVisible(property: VisibilityFacts, owner: OwnerFacts | null): boolean {
  return hiddenBecause(property, owner) === null;
}

/**
 * isPubliclyVisible in SQL, for counting many rows at once (the owner's active listings on the
 * details page): the property row under `alias`, its owner not banned. Keep it the same rule as
 * hiddenBecause above; the listings test of the owner card checks them together. The partial index
 * properties_owner_public_idx has the same predicate (all but the owner and the freshness bound,
 * its second column): change them together, or the count reads every row again. So do
 * properties_price_check_idx and properties_similar_idx (price check, similar listings).
 */
export function publiclyVisibleSql(alias: string, ownerBanned: string): string {
  return `(${alias}.deleted_at IS NULL AND ${alias}.is_verified AND ${alias}.review_state = 'approved'
    AND ${alias}.status = 'available' AND NOT ${ownerBanned} AND ${alias}.held_at IS NULL
    AND ${alias}.availability_confirmed_at > (now() AT TIME ZONE 'UTC') - interval '${FRESHNESS.hiddenAfterDays} days')`;
}

/** Its owner and admins act on a property in any state (acting on someone else's is a 404). */
export function isOwnerOrAdmin(property: Pick<VisibilityFacts, 'ownerId'>, actor: Actor | undefined | null): boolean {
  return !!actor && (actor.role === 'admin' || actor.userId === property.ownerId);
}

/** Whether `actor` (or the public, when null) may see this property: otherwise it is "not found". */
export function canSee(property: VisibilityFacts, owner: OwnerFacts | null, actor: Actor | undefined | null): boolean {
  return isOwnerOrAdmin(property, actor) || isPubliclyVisible(property, owner);
}

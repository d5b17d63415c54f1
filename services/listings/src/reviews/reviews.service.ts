import { Injectable } from '@nestjs/common';
import { EVENT_TYPES, isUuid, type PropertyReviewedPayload } from '@mboa/contracts';
import type { ListingsTx } from '../db.js';
import { recordEvent } from '../events.js';
import { countListingFact } from '../figures/listing-days.js';

/**
 * Applies moderation's decisions (`property.approved` / `property.rejected`): approval makes the
 * property verified (and so searchable), rejection keeps it hidden and shows the feedback to its
 * owner. A decision older than the one already applied is ignored (events may arrive out of order).
 * An approval of a listing not approved before records `property.published` in the same
 * transaction: saved-search alerts match it (saved-searches/), exactly once whatever redelivers.
 */
@Injectable()
export class ReviewsService {
  async apply(tx: ListingsTx, review: PropertyReviewedPayload): Promise<'applied' | 'stale' | 'unknown'> {
    if (!isUuid(review.propertyId)) return 'unknown';
    const [current] = await tx.$queryRaw<{ reviewed_at: Date | null; deleted_at: Date | null; review_state: string }[]>`
      SELECT reviewed_at, deleted_at, review_state::text AS review_state FROM "listings"."properties" WHERE id = ${review.propertyId}::uuid FOR UPDATE`;
    if (!current || current.deleted_at) return 'unknown';
    const decidedAt = new Date(review.decidedAt);
    const when = Number.isNaN(decidedAt.getTime()) ? new Date() : decidedAt;
    if (current.reviewed_at && current.reviewed_at > when) return 'stale';
    const approved = review.action === 'approve';
    const updated = await tx.property.update({
      where: { id: review.propertyId },
      data: {
        isVerified: approved,
        reviewState: approved ? 'approved' : 'rejected',
        reviewFeedback: review.feedback?.trim() || null,
        reviewedAt: when,
        reviewedBy: isUuid(review.reviewerId) ? review.reviewerId : null,
        version: { increment: 1 },
      },
    });
    // Staff's figures: a decision on the day it was made (a redelivery never gets here: the consumer
    // handles an event once; an older decision was turned away above).
    await countListingFact(tx, approved ? 'approved' : 'rejected', when);
    if (approved && current.review_state !== 'approved') {
      await recordEvent(tx, EVENT_TYPES.propertyPublished, {
        propertyId: updated.id,
        ownerId: updated.ownerId,
        version: updated.version,
        publishedAt: when.toISOString(),
      });
    }
    return 'applied';
  }
}

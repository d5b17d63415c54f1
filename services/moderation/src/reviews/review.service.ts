import { Injectable } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  LISTINGS_PATTERNS,
  MESSAGES,
  toLanguage,
  type Actor,
  type Language,
  type PropertyRead,
  type PropertyReviewedPayload,
  type ReviewInput,
  type ReviewRecord,
  type ReviewReply,
} from '@mboa/contracts';
import { addToOutbox, EventHandOff, fail, RpcCallError } from '@mboa/platform';
import type { Review } from '../generated/prisma/client.js';
import { ModerationDb } from '../db.js';
import { ListingsClient } from '../listings.client.js';
import {
  decisionEventType,
  ensureDecisionComplete,
  ensureMayReview,
  ensureStillUnderReview,
} from '../rules/review-decision.js';

/**
 * Approve or reject a property that is not verified yet. The decision is recorded here with its
 * reviewer and feedback and leaves as `property.approved` / `property.rejected` in the same
 * transaction; listings reacts (verified flag, search) and the owner is mailed. Listings' review
 * projection gets the event handed over directly before the answer (see HANDED_OFF_TO).
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly db: ModerationDb,
    private readonly handOff: EventHandOff,
    private readonly listings: ListingsClient,
  ) {}

  async review(propertyId: string, input: ReviewInput, actor: Actor): Promise<ReviewReply> {
    ensureMayReview(actor);
    ensureDecisionComplete(input);
    const property = await this.fetchProperty(propertyId, actor);
    ensureStillUnderReview({ isVerified: property.isVerified, approvedBefore: false });
    const ownerLanguage = await this.ownerLanguage(property);

    const { review, event } = await this.db.$transaction(async (tx) => {
      // One decision at a time per property: a second admin approving at the same moment waits,
      // then sees the first approval and is refused like any approve of a verified property.
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `review:${propertyId}`);
      const approved = await tx.review.findFirst({ where: { propertyId, action: 'approve' } });
      ensureStillUnderReview({ isVerified: property.isVerified, approvedBefore: !!approved });
      const created = await tx.review.create({
        data: {
          propertyId,
          action: input.action,
          feedback: input.feedback,
          reviewerId: actor.userId,
          reviewerName: actor.name ?? null,
          ownerEmail: property.author?.email ?? null,
          ownerName: property.author?.name ?? null,
          ownerLanguage,
          title: property.title,
        },
      });
      const payload: PropertyReviewedPayload = {
        propertyId,
        action: input.action,
        feedback: input.feedback,
        reviewerId: actor.userId,
        decidedAt: created.createdAt.toISOString(),
        reviewId: created.id,
        actor,
      };
      const event = await addToOutbox(tx, 'moderation', {
        type: decisionEventType(input.action),
        payload,
        source: 'moderation',
      });
      return { review: created, event };
    });
    // Read your writes: listings applies the decision before the admin gets the answer, so the
    // next read (details, My Listings, the admin screen) shows it. Never fails the decision.
    await this.handOff.applyNow(event);
    return { review: toRecord(review) };
  }

  async reviewsOf(propertyId: string): Promise<ReviewRecord[]> {
    const rows = await this.db.review.findMany({ where: { propertyId }, orderBy: { createdAt: 'desc' } });
    return rows.map(toRecord);
  }

  /**
   * The language the owner reads, from listings' owners projection, kept with the decision for the
   * mail. A projection that cannot answer must not block a review: the mail then goes in English.
   */
  private async ownerLanguage(property: PropertyRead): Promise<Language> {
    const ownerId = property.author?._id;
    if (!ownerId) return DEFAULT_LANGUAGE;
    try {
      return toLanguage((await this.listings.call(LISTINGS_PATTERNS.ownerLanguage, { userId: ownerId })).language);
    } catch {
      return DEFAULT_LANGUAGE;
    }
  }

  private async fetchProperty(id: string, actor: Actor): Promise<PropertyRead> {
    try {
      const { property } = await this.listings.call(LISTINGS_PATTERNS.adminGet, { id, actor });
      return property;
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 404) throw fail.notFound(MESSAGES.property.notFound);
      if (error instanceof RpcCallError && error.status === 400) throw fail.notFound(MESSAGES.property.notFound);
      throw error;
    }
  }
}

export function toRecord(review: Review): ReviewRecord {
  return {
    id: review.id,
    propertyId: review.propertyId,
    action: review.action,
    feedback: review.feedback,
    reviewerId: review.reviewerId,
    reviewerName: review.reviewerName,
    createdAt: review.createdAt.toISOString(),
  };
}

import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, type PropertyReviewedPayload } from '@mboa/contracts';
import type { EventEnvelope, SqlExecutor } from '@mboa/platform';
import { MODERATION_CONFIG, type ModerationConfig } from '../config.js';

interface ReviewRow {
  id: string;
  owner_email: string | null;
  owner_name: string | null;
  title: string;
  notified_at: Date | null;
}

/** Tells the owner about the decision on their property, with the feedback on a rejection. */
@Injectable()
export class OwnerMail {
  constructor(@Inject(MODERATION_CONFIG) private readonly config: ModerationConfig) {}

  async notify(event: EventEnvelope<PropertyReviewedPayload>, tx: SqlExecutor): Promise<void> {
    const { reviewId, propertyId, action, feedback } = event.payload;
    if (!reviewId) return;
    const [review] = await tx.$queryRawUnsafe<ReviewRow[]>(
      'SELECT id, owner_email, owner_name, title, notified_at FROM "moderation"."reviews" WHERE id = $1::uuid FOR UPDATE',
      reviewId,
    );
    if (!review?.owner_email || review.notified_at) return;
    const link = `${this.config.publicOrigin}/property-details/${propertyId}`;
    const greeting = `Hello ${review.owner_name ?? ''},`.replace(' ,', ',');
    const text =
      action === 'approve'
        ? `${greeting}\n\nGood news: your property "${review.title}" has been approved and is now visible to renters.\n\n${link}\n\nMboa Rentals`
        : `${greeting}\n\nYour property "${review.title}" was not approved.\n\nReason: ${feedback}\n\nYou can correct it from My Listings and post it again.\n\nMboa Rentals`;
    await this.config.mailer.send({
      to: review.owner_email,
      subject: action === 'approve' ? MESSAGES.moderation.approvedMailSubject : MESSAGES.moderation.rejectedMailSubject,
      text,
    });
    await tx.$executeRawUnsafe(
      `UPDATE "moderation"."reviews" SET notified_at = (now() AT TIME ZONE 'UTC') WHERE id = $1::uuid`,
      reviewId,
    );
  }
}

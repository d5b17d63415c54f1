import { Inject, Injectable } from '@nestjs/common';
import { catalogueOf, toLanguage, type PropertyReviewedPayload } from '@mboa/contracts';
import type { EventEnvelope, SqlExecutor } from '@mboa/platform';
import { MODERATION_CONFIG, type ModerationConfig } from '../config.js';

interface ReviewRow {
  id: string;
  owner_email: string | null;
  owner_name: string | null;
  owner_language: string;
  title: string;
  notified_at: Date | null;
}

/** Tells the owner about the decision on their property, with the feedback on a rejection, in the owner's language. */
@Injectable()
export class OwnerMail {
  constructor(@Inject(MODERATION_CONFIG) private readonly config: ModerationConfig) {}

  async notify(event: EventEnvelope<PropertyReviewedPayload>, tx: SqlExecutor): Promise<void> {
    const { reviewId, propertyId, action, feedback } = event.payload;
    if (!reviewId) return;
    const [review] = await tx.$queryRawUnsafe<ReviewRow[]>(
      'SELECT id, owner_email, owner_name, owner_language::text AS owner_language, title, notified_at FROM "moderation"."reviews" WHERE id = $1::uuid FOR UPDATE',
      reviewId,
    );
    if (!review?.owner_email || review.notified_at) return;
    const texts = catalogueOf(toLanguage(review.owner_language)).moderation;
    const link = `${this.config.publicOrigin}/property-details/${propertyId}`;
    const body = action === 'approve' ? texts.approvedMailBody(review.title, link) : texts.rejectedMailBody(review.title, feedback);
    await this.config.mailer.send({
      to: review.owner_email,
      subject: action === 'approve' ? texts.approvedMailSubject : texts.rejectedMailSubject,
      text: `${texts.mailGreeting(review.owner_name ?? '')}\n\n${body}\n\n${texts.mailSignature}`,
    });
    await tx.$executeRawUnsafe(
      `UPDATE "moderation"."reviews" SET notified_at = (now() AT TIME ZONE 'UTC') WHERE id = $1::uuid`,
      reviewId,
    );
  }
}

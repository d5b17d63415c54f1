import { Inject, Injectable } from '@nestjs/common';
import { catalogueOf, toLanguage, type VerificationDecidedPayload } from '@mboa/contracts';
import type { EventEnvelope, SqlExecutor } from '@mboa/platform';
import { MODERATION_CONFIG, type ModerationConfig } from '../config.js';

interface RequestRow {
  owner_email: string | null;
  owner_name: string | null;
  owner_language: string;
  notified_at: Date | null;
}

/**
 * Tells the owner what staff decided about their document, in the owner's language (as the review
 * decisions are, reviews/owner-mail.ts): the reason's label and staff's note on a refusal. Once
 * per request (`notified_at`), whatever the redeliveries.
 */
@Injectable()
export class VerificationMail {
  constructor(@Inject(MODERATION_CONFIG) private readonly config: ModerationConfig) {}

  async notify(event: EventEnvelope<VerificationDecidedPayload>, tx: SqlExecutor): Promise<void> {
    const { requestId, kind, documentType, propertyIds, outcome, reason, note } = event.payload;
    const [row] = await tx.$queryRawUnsafe<RequestRow[]>(
      'SELECT owner_email, owner_name, owner_language::text AS owner_language, notified_at FROM "moderation"."verification_requests" WHERE id = $1::uuid FOR UPDATE',
      requestId,
    );
    if (!row?.owner_email || row.notified_at) return;
    const texts = catalogueOf(toLanguage(row.owner_language));
    const v = texts.verification;
    const document = v.documents[documentType];
    let subject: string;
    let body: string;
    if (outcome === 'approved') {
      subject = kind === 'identity' ? v.identityApprovedMailSubject : v.controlApprovedMailSubject;
      body = kind === 'identity' ? v.identityApprovedMailBody : v.controlApprovedMailBody(document, propertyIds.length);
    } else {
      subject = v.rejectedMailSubject;
      body = v.rejectedMailBody(document, v.reasons[reason ?? 'other'], note ?? '');
    }
    await this.config.mailer.send({
      to: row.owner_email,
      subject,
      text: `${texts.moderation.mailGreeting(row.owner_name ?? '')}\n\n${body}\n\n${texts.moderation.mailSignature}`,
    });
    await tx.$executeRawUnsafe(
      `UPDATE "moderation"."verification_requests" SET notified_at = (now() AT TIME ZONE 'UTC') WHERE id = $1::uuid`,
      requestId,
    );
  }
}

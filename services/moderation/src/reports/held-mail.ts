import { Inject, Injectable } from '@nestjs/common';
import { catalogueOf, toLanguage, type PropertyHeldPayload } from '@mboa/contracts';
import type { EventEnvelope, SqlExecutor } from '@mboa/platform';
import { MODERATION_CONFIG, type ModerationConfig } from '../config.js';

interface HoldRow {
  owner_email: string | null;
  owner_name: string | null;
  owner_language: string;
  title: string;
  notified_at: Date | null;
}

/** Tells the owner their listing is out of search while staff check the scam reports, in the owner's language. */
@Injectable()
export class HeldMail {
  constructor(@Inject(MODERATION_CONFIG) private readonly config: ModerationConfig) {}

  async notify(event: EventEnvelope<PropertyHeldPayload>, tx: SqlExecutor): Promise<void> {
    const [hold] = await tx.$queryRawUnsafe<HoldRow[]>(
      'SELECT owner_email, owner_name, owner_language::text AS owner_language, title, notified_at FROM "moderation"."report_holds" WHERE id = $1::uuid FOR UPDATE',
      event.payload.holdId,
    );
    if (!hold?.owner_email || hold.notified_at) return;
    const texts = catalogueOf(toLanguage(hold.owner_language));
    await this.config.mailer.send({
      to: hold.owner_email,
      subject: texts.report.heldMailSubject,
      text: `${texts.moderation.mailGreeting(hold.owner_name ?? '')}\n\n${texts.report.heldMailBody(hold.title, `${this.config.publicOrigin}/my-listings`)}\n\n${texts.moderation.mailSignature}`,
    });
    await tx.$executeRawUnsafe(
      `UPDATE "moderation"."report_holds" SET notified_at = (now() AT TIME ZONE 'UTC') WHERE id = $1::uuid`,
      event.payload.holdId,
    );
  }
}

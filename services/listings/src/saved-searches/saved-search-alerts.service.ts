import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  catalogueOf,
  formatPriceWithTerm,
  propertyDetailsPath,
  savedSearchTexts,
  toLanguage,
  unlinkedText,
  type Language,
  type PropertyPublishedPayload,
  type SavedSearchFilters,
} from '@mboa/contracts';
import { cameroonWhatsApp, type MailMessage } from '@mboa/platform';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { ListingsDb, type ListingsTx } from '../db.js';
import { tokenHash } from '../freshness/freshness.service.js';
import { Prisma, type Owner, type Property } from '../generated/prisma/client.js';
import { digestMoment, matchesSavedSearch } from '../rules/saved-search.js';
import { hiddenBecause } from '../rules/visibility.js';

/** At most this many alerts (or digests) per sweep step: a backlog is worked off over the next ticks. */
const BATCH = 50;
/** How long an alert waits for its reader to reach the owners projection before it is given up. */
const READER_WAIT_MS = 24 * 60 * 60 * 1000;

/** A moment as the timestamp(3) columns hold it (UTC, no zone), whatever the session's time zone. */
const utc = (when: Date) => Prisma.sql`(${when.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

interface AlertRow {
  id: string;
  saved_search_id: string;
  user_id: string;
  property_id: string;
  name: string;
}

/** One listing of a mail, with the search it matched and that search's unsubscribe token. */
interface MailedMatch {
  alertId: string;
  searchName: string;
  property: Property;
  token: string;
}

/**
 * Saved-search alerts (docs/api.md#saved-searches):
 * - matching: `property.published` (recorded with the approval) is matched against every saved
 *   search in the consumer's transaction, one saved_search_alerts row per search and listing (a
 *   unique key), so a redelivered event or a restart never records a match twice;
 * - instant alerts: each pending row is claimed (FOR UPDATE SKIP LOCKED: several replicas share the
 *   work), mailed, and marked in the same transaction; a failed send rolls back and is retried on a
 *   later sweep. Only a crash between the mail server's acceptance and the commit could mail twice;
 * - daily digests: at most one a day per user (saved_search_digests' key), every pending daily
 *   match of the user in one mail, from 18:00 in Cameroon.
 * Each alert links to the listing and carries a one-click unsubscribe link (a new token per mail,
 * kept as a hash on the alert row). WhatsApp, when configured, goes with the mail, best effort.
 */
@Injectable()
export class SavedSearchAlerts {
  private readonly logger = new Logger('listings-saved-searches');

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    private readonly db: ListingsDb,
  ) {}

  /** The consumer's part: records the listing's matches. Returns how many searches it matched. */
  async match(tx: ListingsTx, published: PropertyPublishedPayload): Promise<number> {
    const property = await tx.property.findFirst({ where: { id: published.propertyId, deletedAt: null } });
    if (!property) return 0;
    const owner = await tx.owner.findUnique({ where: { id: property.ownerId } });
    if (hiddenBecause(property, owner) !== null) return 0;
    // Category and type narrow the candidates in SQL; the rule judges the rest. The owner is not
    // alerted of their own listing.
    const candidates = await tx.$queryRaw<{ id: string; user_id: string; filters: SavedSearchFilters }[]>`
      SELECT id, user_id, filters FROM "listings"."saved_searches"
      WHERE user_id <> ${property.ownerId}::uuid
        AND (filters->>'category' IS NULL OR filters->>'category' = ${property.category})
        AND (filters->>'propertyType' IS NULL OR lower(filters->>'propertyType') = lower(${property.propertyType}))`;
    const matched = candidates.filter((c) => matchesSavedSearch(property, c.filters));
    if (matched.length === 0) return 0;
    await tx.savedSearchAlert.createMany({
      data: matched.map((c) => ({ savedSearchId: c.id, userId: c.user_id, propertyId: property.id })),
      skipDuplicates: true,
    });
    return matched.length;
  }

  /** One sweep: pending instant alerts, then due digests. Safe with several replicas. */
  async sweep(now = new Date()): Promise<{ instant: number; digests: number }> {
    if (!this.config.freshness?.mailer) return { instant: 0, digests: 0 };
    let instant = 0;
    const waiting: string[] = [];
    for (let i = 0; i < BATCH; i++) {
      const sent = await this.sendNextInstant(waiting).catch((error: unknown) => {
        this.logger.warn(`saved-search alert not sent (retried on a later sweep): ${error instanceof Error ? error.message : String(error)}`);
        return 'failed' as const;
      });
      if (sent === 'none' || sent === 'failed') break;
      if (sent === 'sent') instant += 1;
      else if (typeof sent === 'object') waiting.push(sent.waiting);
    }
    let digests = 0;
    for (const userId of await this.digestsDue(now)) {
      try {
        if (await this.sendDigest(userId, now)) digests += 1;
      } catch (error) {
        this.logger.warn(`saved-search digest for ${userId} not sent (retried on a later sweep): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { instant, digests };
  }

  /** Claims the oldest pending instant alert, mails it and marks it, in one transaction. */
  private async sendNextInstant(waiting: string[]): Promise<'sent' | 'skipped' | 'none' | { waiting: string }> {
    return this.db.$transaction(
      async (tx) => {
        const [alert] = await tx.$queryRaw<AlertRow[]>`
          SELECT a.id, a.saved_search_id, a.user_id, a.property_id, s.name
          FROM "listings"."saved_search_alerts" a JOIN "listings"."saved_searches" s ON s.id = a.saved_search_id
          WHERE a.mailed_at IS NULL AND s.frequency = 'instant' AND NOT (a.id = ANY(${waiting}::uuid[]))
          ORDER BY a.created_at LIMIT 1
          FOR UPDATE OF a SKIP LOCKED`;
        if (!alert) return 'none';
        const now = new Date();
        const reader = await tx.owner.findUnique({ where: { id: alert.user_id } });
        // A just-registered reader may not be in the owners projection yet (user.registered comes
        // through JetStream): their alert waits for a later sweep, for up to a day.
        if (!reader && now.getTime() - (await this.createdAt(tx, alert.id)) < READER_WAIT_MS) return { waiting: alert.id };
        const property = await this.stillPublic(tx, alert.property_id);
        if (!reader || reader.banned || !reader.email || !property) {
          await tx.savedSearchAlert.update({ where: { id: alert.id }, data: { mailedAt: now, skipped: true } });
          return 'skipped';
        }
        const match: MailedMatch = { alertId: alert.id, searchName: alert.name, property, token: randomBytes(24).toString('base64url') };
        const language = toLanguage(reader.language);
        await this.config.freshness!.mailer!.send(this.instantMail(reader, language, match));
        const t = savedSearchTexts(language);
        const link = this.listingLink(property);
        const whatsappSentAt = await this.whatsApp(reader, language, t.whatsappAlert(match.searchName, property.title, link), [unlinkedText(match.searchName), unlinkedText(property.title), link]);
        await tx.savedSearchAlert.update({ where: { id: alert.id }, data: { mailedAt: now, whatsappSentAt, unsubscribeTokenHash: tokenHash(match.token) } });
        return 'sent';
      },
      // The mail server's answer is awaited inside the transaction.
      { timeout: 60_000 },
    );
  }

  /** Users with pending daily alerts recorded before the latest digest moment and no digest that day. */
  private async digestsDue(now: Date): Promise<string[]> {
    const moment = digestMoment(now);
    const rows = await this.db.$queryRaw<{ user_id: string }[]>`
      SELECT DISTINCT a.user_id FROM "listings"."saved_search_alerts" a
      JOIN "listings"."saved_searches" s ON s.id = a.saved_search_id
      WHERE a.mailed_at IS NULL AND s.frequency = 'daily' AND a.created_at <= ${utc(moment)}
        AND NOT EXISTS (SELECT 1 FROM "listings"."saved_search_digests" d
                        WHERE d.user_id = a.user_id AND d.day = ${moment.toISOString().slice(0, 10)}::date)
      LIMIT ${BATCH}`;
    return rows.map((r) => r.user_id);
  }

  /**
   * The user's digest for the day: the day's row is inserted first (another replica's insert waits
   * for this transaction, then finds it and sends nothing), then every pending daily alert of the
   * user goes in one mail and is marked. A failed send rolls all of it back.
   */
  private async sendDigest(userId: string, now: Date): Promise<boolean> {
    const day = digestMoment(now).toISOString().slice(0, 10);
    return this.db.$transaction(
      async (tx) => {
        const inserted = await tx.$executeRaw`
          INSERT INTO "listings"."saved_search_digests" (user_id, day, sent_at) VALUES (${userId}::uuid, ${day}::date, ${utc(now)})
          ON CONFLICT DO NOTHING`;
        if (inserted === 0) return false;
        const alerts = await tx.$queryRaw<AlertRow[]>`
          SELECT a.id, a.saved_search_id, a.user_id, a.property_id, s.name
          FROM "listings"."saved_search_alerts" a JOIN "listings"."saved_searches" s ON s.id = a.saved_search_id
          WHERE a.user_id = ${userId}::uuid AND a.mailed_at IS NULL AND s.frequency = 'daily'
          ORDER BY s.created_at, a.created_at
          FOR UPDATE OF a SKIP LOCKED`;
        const reader = await tx.owner.findUnique({ where: { id: userId } });
        const matches: MailedMatch[] = [];
        const tokens = new Map<string, string>();
        for (const alert of alerts) {
          const property = reader && !reader.banned && reader.email ? await this.stillPublic(tx, alert.property_id) : null;
          if (!property) {
            await tx.savedSearchAlert.update({ where: { id: alert.id }, data: { mailedAt: now, skipped: true } });
            continue;
          }
          // One unsubscribe link per search in the digest, kept on its first alert.
          const fresh = !tokens.has(alert.saved_search_id);
          if (fresh) tokens.set(alert.saved_search_id, randomBytes(24).toString('base64url'));
          matches.push({ alertId: alert.id, searchName: alert.name, property, token: fresh ? tokens.get(alert.saved_search_id)! : '' });
        }
        if (!reader || matches.length === 0) return false;
        const language = toLanguage(reader.language);
        await this.config.freshness!.mailer!.send(this.digestMail(reader, language, matches, tokens));
        // WhatsApp: the digest's subject and its listings one per line (the template: the subject,
        // the first listing and its link).
        const t = savedSearchTexts(language);
        const subject = t.digestMailSubject(matches.length);
        const lines = matches.map((m) => `${unlinkedText(m.property.title)}\n${this.listingLink(m.property)}`);
        const whatsappSentAt = await this.whatsApp(reader, language, [subject, ...lines].join('\n\n'), [subject, unlinkedText(matches[0].property.title), this.listingLink(matches[0].property)]);
        for (const m of matches) {
          await tx.savedSearchAlert.update({
            where: { id: m.alertId },
            data: { mailedAt: now, whatsappSentAt, ...(m.token ? { unsubscribeTokenHash: tokenHash(m.token) } : {}) },
          });
        }
        return true;
      },
      { timeout: 60_000 },
    );
  }

  private async createdAt(tx: ListingsTx, alertId: string): Promise<number> {
    const row = await tx.savedSearchAlert.findUnique({ where: { id: alertId }, select: { createdAt: true } });
    return row?.createdAt.getTime() ?? 0;
  }

  /** The listing if the public still sees it (it may have been rented, deleted or held since the match). */
  private async stillPublic(tx: ListingsTx, propertyId: string): Promise<Property | null> {
    const property = await tx.property.findFirst({ where: { id: propertyId, deletedAt: null } });
    if (!property) return null;
    const owner = await tx.owner.findUnique({ where: { id: property.ownerId } });
    return hiddenBecause(property, owner) === null ? property : null;
  }

  private get origin(): string {
    return this.config.freshness?.publicOrigin ?? 'http://localhost:3000';
  }

  private listingLink(property: Property): string {
    return `${this.origin}${propertyDetailsPath(property.id)}`;
  }

  private unsubscribeLink(token: string, language: Language): string {
    return `${this.origin}/api/saved-searches/unsubscribe?token=${token}&lang=${language}`;
  }

  /** The price and the place; the place is the owner's writing, so never a link in the mail. */
  private details(property: Property, language: Language): string {
    return `${formatPriceWithTerm(property.price, property.paymentTerm, language)} · ${unlinkedText(`${property.neighbourhood}, ${property.town}`)}`;
  }

  /** RFC 8058 one-click: mail clients show their own "unsubscribe" and POST to the link. */
  private unsubscribeHeaders(link: string): Record<string, string> {
    return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }

  private instantMail(reader: Owner, language: Language, match: MailedMatch): MailMessage {
    const t = catalogueOf(language);
    const texts = savedSearchTexts(language);
    const unsubscribe = this.unsubscribeLink(match.token, language);
    const body = texts.alertMailBody(match.searchName, match.property.title, this.details(match.property, language), this.listingLink(match.property));
    return {
      to: reader.email,
      subject: texts.alertMailSubject(match.searchName),
      text: [
        t.moderation.mailGreeting(reader.name),
        body,
        texts.unsubscribeLine(match.searchName, unsubscribe),
        texts.manageLine(`${this.origin}/profile`),
        t.moderation.mailSignature,
      ].join('\n\n'),
      headers: this.unsubscribeHeaders(unsubscribe),
    };
  }

  private digestMail(reader: Owner, language: Language, matches: MailedMatch[], tokens: Map<string, string>): MailMessage {
    const t = catalogueOf(language);
    const texts = savedSearchTexts(language);
    const sections: string[] = [];
    const searches = [...new Set(matches.map((m) => m.searchName))];
    for (const name of searches) {
      const mine = matches.filter((m) => m.searchName === name);
      const listings = mine.map((m) => `- ${unlinkedText(m.property.title)}\n  ${this.details(m.property, language)}\n  ${this.listingLink(m.property)}`);
      const token = mine.find((m) => m.token)?.token;
      sections.push([texts.digestSearchHeading(name), ...listings, ...(token ? ['', texts.unsubscribeLine(name, this.unsubscribeLink(token, language))] : [])].join('\n'));
    }
    const first = [...tokens.values()][0];
    return {
      to: reader.email,
      subject: texts.digestMailSubject(matches.length),
      text: [
        t.moderation.mailGreeting(reader.name),
        texts.digestMailIntro(matches.length),
        ...sections,
        texts.manageLine(`${this.origin}/profile`),
        t.moderation.mailSignature,
      ].join('\n\n'),
      // The header names one link; with several searches in a digest, it stops the first one's.
      ...(first && searches.length === 1 ? { headers: this.unsubscribeHeaders(this.unsubscribeLink(first, language)) } : {}),
    };
  }

  /**
   * WhatsApp beside the mail when the operator configured it: best effort, a failure is logged and
   * the mail stands (it is the alert that must not be lost). Returns when it was sent, else null.
   */
  private async whatsApp(reader: Owner, language: Language, text: string, templateParameters: string[]): Promise<Date | null> {
    const whatsapp = this.config.savedSearches?.whatsapp;
    const to = cameroonWhatsApp(reader.whatsapp);
    if (!whatsapp || !to) return null;
    try {
      await whatsapp.send({ to, language, text, templateParameters });
      return new Date();
    } catch (error) {
      this.logger.warn(`WhatsApp alert to ${reader.id} not sent (the e-mail was): ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
}

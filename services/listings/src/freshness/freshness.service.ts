import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  catalogueOf,
  EVENT_TYPES,
  MESSAGES,
  snapshotOfProperty,
  toLanguage,
  type Actor,
  type AvailabilityConfirmedReply,
  type PropertyRead,
} from '@mboa/contracts';
import { fail, ServiceException } from '@mboa/platform';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { Prisma } from '../generated/prisma/client.js';
import { ListingsDb, type ListingsTx } from '../db.js';
import { recordEvent } from '../events.js';
import { PropertyReader, propertyNotFound } from '../properties/property-reader.js';
import { toPropertyRead } from '../properties/property-view.js';
import { daysSinceConfirmed, FRESHNESS, linkExpiresAt, linkProblem, reminderDue } from '../rules/freshness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many listings per sweep step: a backlog is worked off over the next ticks. */
const BATCH = 100;
/** Two keys of pg_try_advisory_xact_lock: one listing's reminder is mailed by one replica at a time. */
const REMINDER_LOCK = 0x6d626f61; // "mboa"

/** A moment as the timestamp(3) columns hold it (UTC, no zone), whatever the session's time zone. */
const utc = (when: Date) => Prisma.sql`(${when.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;

/** The reminder link's token is kept only as this hash: the database alone confirms nothing. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Fresh listings (docs/api.md#fresh-listings): the owner's word that a listing is still available,
 * the sweep that takes listings unconfirmed for 45 days out of search, and the reminder e-mails
 * with their one-time links. Every confirmation and every lapse bumps the property's version and
 * records `property.updated` in the same transaction, so the search indexer follows (as for any
 * other visibility change).
 */
@Injectable()
export class FreshnessService {
  private readonly logger = new Logger('listings-freshness');

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    private readonly db: ListingsDb,
    private readonly reader: PropertyReader,
  ) {}

  /** My Listings `confirm`: the owner only (anyone else's, or an unknown one, is 404). */
  async confirmByOwner(actor: Actor, id: string): Promise<PropertyRead> {
    return this.db.$transaction(async (tx) => {
      const current = await this.reader.load(id, tx);
      if (!current || current.ownerId !== actor.userId) throw propertyNotFound();
      await this.confirmIn(tx, id);
      const updated = await this.reader.load(id, tx);
      // The owner's own answer (My Listings): with the exact pin, as its fetch.
      return toPropertyRead(updated!, await tx.owner.findUnique({ where: { id: updated!.ownerId } }), { withPin: true });
    });
  }

  /** The reminder's one-time link: 404 unknown (or its listing gone), 410 used or expired. */
  async confirmByToken(token: string): Promise<AvailabilityConfirmedReply> {
    return this.db.$transaction(async (tx) => {
      const [link] = await tx.$queryRaw<{ id: string; property_id: string; used_at: Date | null; expires_at: Date }[]>`
        SELECT id, property_id, used_at, expires_at FROM "listings"."availability_links"
        WHERE token_hash = ${tokenHash(token)} FOR UPDATE`;
      const problem = linkProblem(link ? { usedAt: link.used_at, expiresAt: link.expires_at } : null, new Date());
      if (problem === 'unknown') throw fail.notFound(MESSAGES.freshness.linkInvalid);
      if (problem === 'used') throw new ServiceException(410, MESSAGES.freshness.linkUsed);
      if (problem === 'expired') throw new ServiceException(410, MESSAGES.freshness.linkExpired);
      const property = await this.reader.load(link.property_id, tx);
      if (!property) throw fail.notFound(MESSAGES.freshness.linkInvalid);
      await tx.availabilityLink.update({ where: { id: link.id }, data: { usedAt: new Date() } });
      const confirmedAt = await this.confirmIn(tx, property.id);
      return { propertyId: property.id, title: property.title, availabilityConfirmedAt: confirmedAt.toISOString() };
    });
  }

  /**
   * Restarts the clock inside the caller's transaction (also for a status change to rented or
   * available): the listing is back in search at once if it had lapsed.
   */
  async confirmIn(tx: ListingsTx, id: string, options: { event?: boolean } = {}): Promise<Date> {
    const now = new Date();
    const updated = await tx.property.update({
      where: { id },
      data: { availabilityConfirmedAt: now, availabilityLapsedAt: null, version: { increment: 1 } },
      include: { images: { orderBy: { position: 'asc' } } },
    });
    // A status change records its own event (the caller says so): one event per change.
    if (options.event !== false) {
      const read = toPropertyRead(updated, await tx.owner.findUnique({ where: { id: updated.ownerId } }));
      await recordEvent(tx, EVENT_TYPES.propertyUpdated, {
        property: snapshotOfProperty(read, updated.ownerId),
        version: updated.version,
        fields: ['availabilityConfirmedAt'],
      });
    }
    return now;
  }

  /** One sweep: lapses, then reminders. Safe with several replicas, and repeating it changes nothing. */
  async sweep(now = new Date()): Promise<{ lapsed: number; reminded: number }> {
    const lapsed = await this.lapse(now);
    const reminded = this.config.freshness?.mailer ? await this.remind(now) : 0;
    return { lapsed, reminded };
  }

  /**
   * Listings unconfirmed for 45 days leave search: marked lapsed (so each is taken out once) with a
   * version bump and `property.updated` for the indexer. Rows another replica is lapsing are skipped.
   */
  private async lapse(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - FRESHNESS.hiddenAfterDays * DAY_MS);
    return this.db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        UPDATE "listings"."properties" SET availability_lapsed_at = ${utc(now)}, version = version + 1
        WHERE id IN (
          SELECT id FROM "listings"."properties"
          WHERE deleted_at IS NULL AND status = 'available' AND availability_lapsed_at IS NULL
            AND availability_confirmed_at <= ${utc(cutoff)}
          ORDER BY availability_confirmed_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id`;
      for (const { id } of rows) {
        const property = await this.reader.load(id, tx);
        if (!property) continue;
        const read = toPropertyRead(property, await tx.owner.findUnique({ where: { id: property.ownerId } }));
        await recordEvent(tx, EVENT_TYPES.propertyUpdated, {
          property: snapshotOfProperty(read, property.ownerId),
          version: property.version,
          fields: ['availabilityLapsedAt'],
        });
      }
      return rows.length;
    });
  }

  /**
   * Reminder e-mails: to the owner of each approved, available listing 21 days without a
   * confirmation and not reminded in this period (rules/freshness.ts), in the owner's language,
   * with a new one-time link. Each listing in its own transaction under an advisory lock: another
   * replica skips it; the mail is sent before the link and `availability_reminded_at` are written
   * and a failed send rolls back, so a failure is retried on a later sweep and a sweep after a
   * restart finds the reminder already recorded (only a crash between the mail server's
   * acceptance and the commit could mail twice).
   */
  private async remind(now: Date): Promise<number> {
    const since = new Date(now.getTime() - FRESHNESS.remindAfterDays * DAY_MS);
    const due = await this.db.$queryRaw<{ id: string }[]>`
      SELECT p.id FROM "listings"."properties" p JOIN "listings"."owners" o ON o.id = p.owner_id
      WHERE p.deleted_at IS NULL AND p.status = 'available' AND p.review_state = 'approved' AND NOT o.banned
        AND p.availability_confirmed_at <= ${utc(since)}
        AND (p.availability_reminded_at IS NULL OR p.availability_reminded_at < p.availability_confirmed_at
             OR p.availability_reminded_at <= ${utc(since)})
      ORDER BY p.availability_confirmed_at LIMIT ${BATCH}`;
    let sent = 0;
    for (const { id } of due) {
      try {
        if (await this.remindOne(id, now)) sent += 1;
      } catch (error) {
        this.logger.warn(`availability reminder for ${id} not sent (retried on a later sweep): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return sent;
  }

  private async remindOne(id: string, now: Date): Promise<boolean> {
    const { mailer, publicOrigin = 'http://localhost:3000' } = this.config.freshness ?? {};
    if (!mailer) return false;
    return this.db.$transaction(
      async (tx) => {
        const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`
          SELECT pg_try_advisory_xact_lock(${REMINDER_LOCK}::int, hashtext(${id})) AS locked`;
        if (!locked) return false;
        // Judged again under the lock: another replica may have just mailed it, the owner just confirmed.
        const property = await tx.property.findFirst({ where: { id, deletedAt: null } });
        if (!property || !reminderDue({ confirmedAt: property.availabilityConfirmedAt, remindedAt: property.availabilityRemindedAt }, now)) return false;
        const owner = await tx.owner.findUnique({ where: { id: property.ownerId } });
        if (!owner || owner.banned || !owner.email) return false;

        const language = toLanguage(owner.language);
        const token = randomBytes(32).toString('base64url');
        const link = `${publicOrigin}/confirm-availability?token=${token}&lang=${language}`;
        const texts = catalogueOf(language);
        const days = daysSinceConfirmed(property.availabilityConfirmedAt, now);
        await mailer.send({
          to: owner.email,
          subject: texts.freshness.reminderMailSubject,
          text: `${texts.moderation.mailGreeting(owner.name)}\n\n${texts.freshness.reminderMailBody(property.title, days, link, FRESHNESS.hiddenAfterDays, FRESHNESS.linkValidDays)}\n\n${texts.moderation.mailSignature}`,
        });
        await tx.availabilityLink.create({ data: { propertyId: id, tokenHash: tokenHash(token), createdAt: now, expiresAt: linkExpiresAt(now) } });
        // No version bump: a reminder changes nothing anyone reads.
        await tx.$executeRaw`UPDATE "listings"."properties" SET availability_reminded_at = ${utc(now)} WHERE id = ${id}::uuid`;
        return true;
      },
      // The mail server's answer is awaited inside the transaction.
      { timeout: 60_000 },
    );
  }
}

import { Injectable } from '@nestjs/common';
import {
  AUTH_PATTERNS,
  DEFAULT_LANGUAGE,
  isUuid,
  EVENT_TYPES,
  LISTINGS_PATTERNS,
  MESSAGES,
  REPORT_REASONS,
  SCAM_REPORT_REASONS,
  isScamReason,
  toLanguage,
  type Actor,
  type Language,
  type PropertyHeldPayload,
  type PropertyRead,
  type PropertyReportsResolvedPayload,
  type ReportAction,
  type ReportCase,
  type ReportCreateReply,
  type ReportInput,
  type ReportQueueReply,
  type ReportReason,
  type ReportResolveReply,
  type Reporter,
} from '@mboa/contracts';
import { addToOutbox, EventHandOff, fail, isUnavailable, RpcCallError, ServiceException, type EventEnvelope } from '@mboa/platform';
import type { Report } from '../generated/prisma/client.js';
import { AuthClient } from '../auth.client.js';
import { ModerationDb } from '../db.js';
import { ListingsClient } from '../listings.client.js';
import { establishedPeople, shouldHold, standingOf, type ReporterEvidence, type ScamReport } from '../rules/report-hold.js';
import {
  alreadyDone,
  ensureFirstReport,
  ensureNotOwnListing,
  ensureOpenReports,
  ensureStaff,
  reporterKeys,
  resolutionOf,
  staffAction,
} from '../rules/reports.js';

type Tx = Parameters<Parameters<ModerationDb['$transaction']>[0]>[0];

/**
 * Reports of listings and what staff do with them. A report is stored here with the reporter's
 * standing (rules/report-hold.ts: an account's age asked of auth, a known device from the
 * gateway); when enough different established people have open scam reports on a listing staff
 * have not kept, a hold is recorded with `property.held` in the same
 * transaction and handed to listings before the answer, so the listing is out of search and
 * public details at once; the owner is mailed from the outbox (report-mail consumer). Staff close
 * a listing's open reports (dismiss, or deactivate / ban the owner through listings / auth), which
 * leaves as `property.reports-resolved`: listings ends any hold, the audit trail records it.
 */
@Injectable()
export class ReportService {
  constructor(
    private readonly db: ModerationDb,
    private readonly handOff: EventHandOff,
    private readonly listings: ListingsClient,
    private readonly auth: AuthClient,
  ) {}

  async report(propertyId: string, reporter: Reporter, input: ReportInput): Promise<ReportCreateReply> {
    // Only what the public may see can be reported: an unknown, hidden or held listing is 404.
    const property = await this.publicProperty(propertyId);
    const ownerId = property.author?._id ?? '';
    const who = reporterKeys(reporter);
    ensureNotOwnListing(who.reporterId, ownerId);
    // Asked before the transaction (it holds a lock): who the reporter is, and the language of a possible hold mail.
    const standing = standingOf(await this.evidenceOf(reporter), new Date());
    const ownerLanguage = isScamReason(input.reason) ? await this.ownerLanguage(ownerId) : DEFAULT_LANGUAGE;

    const { report, event } = await this.db.$transaction(async (tx) => {
      // One report at a time per listing, so exactly one report crosses the scam threshold.
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `reports:${propertyId}`);
      ensureFirstReport(await tx.report.findUnique({ where: { propertyId_reporterKey: { propertyId, reporterKey: who.reporterKey } } }));
      const created = await tx.report.create({
        data: {
          propertyId,
          ownerId,
          title: property.title,
          reporterKey: who.reporterKey,
          personKey: who.personKey,
          reporterId: who.reporterId,
          addressKey: who.addressKey,
          accountKey: who.accountKey,
          standing,
          reporterName: 'userId' in reporter ? (reporter.name ?? null) : null,
          reason: input.reason,
          text: input.text ?? null,
        },
      });
      const held = isScamReason(input.reason) ? await this.holdIfReported(tx, property, ownerLanguage) : null;
      return { report: created, event: held };
    });
    if (event) await this.handOff.applyNow(event);
    return {
      report: { id: report.id, propertyId, reason: report.reason as ReportReason, text: report.text, createdAt: report.createdAt.toISOString() },
    };
  }

  async queue(page: number, limit: number): Promise<ReportQueueReply> {
    const [{ count }] = await this.db.$queryRaw<{ count: bigint }[]>`
      SELECT count(DISTINCT property_id) AS count FROM "moderation"."reports" WHERE resolved_at IS NULL`;
    const total = Number(count);
    // Held listings first (they are out of search until someone looks), then the latest reported.
    const ids = await this.db.$queryRaw<{ property_id: string }[]>`
      SELECT r.property_id FROM "moderation"."reports" r
      WHERE r.resolved_at IS NULL
      GROUP BY r.property_id
      ORDER BY bool_or(EXISTS (SELECT 1 FROM "moderation"."report_holds" h WHERE h.property_id = r.property_id AND h.released_at IS NULL)) DESC,
               max(r.created_at) DESC, r.property_id
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
    const wanted = ids.map((r) => r.property_id);
    const [reports, holds] = await Promise.all([
      this.db.report.findMany({ where: { propertyId: { in: wanted }, resolvedAt: null }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] }),
      this.db.reportHold.findMany({ where: { propertyId: { in: wanted }, releasedAt: null }, select: { propertyId: true } }),
    ]);
    const heldIds = new Set(holds.map((h) => h.propertyId));
    const cases = wanted.map((id) => this.caseOf(id, reports.filter((r) => r.propertyId === id), heldIds.has(id)));
    return { cases, total, page, totalPages: Math.max(1, Math.ceil(total / limit)) };
  }

  async dismiss(propertyId: string, actor: Actor): Promise<ReportResolveReply> {
    ensureStaff(actor);
    // Not an id a listing can have (a hostile path): no reports, rather than a database error.
    if (!isUuid(propertyId)) ensureOpenReports(0);
    return this.resolve(propertyId, actor, 'dismiss');
  }

  async act(propertyId: string, input: unknown, actor: Actor): Promise<ReportResolveReply> {
    ensureStaff(actor);
    const action = staffAction(input);
    if (!isUuid(propertyId)) ensureOpenReports(0);
    const open = await this.db.report.findFirst({ where: { propertyId, resolvedAt: null }, orderBy: { createdAt: 'desc' } });
    ensureOpenReports(open ? 1 : 0);
    await this.carryOut(action, propertyId, open!.ownerId, actor);
    return this.resolve(propertyId, actor, action);
  }

  /** Deactivates the listing (listings) or bans its owner (auth); each records its own audited event. */
  private async carryOut(action: ReportAction, propertyId: string, ownerId: string, actor: Actor): Promise<void> {
    try {
      if (action === 'deactivate') await this.listings.call(LISTINGS_PATTERNS.adminStatus, { actor, propertyId, action: 'deactivate' });
      else await this.auth.call(AUTH_PATTERNS.usersBan, { userId: ownerId, actor });
    } catch (error) {
      // Listings or auth down: 503 with Retry-After, and the reports stay open.
      if (isUnavailable(error)) throw fail.unavailable(error);
      if (error instanceof RpcCallError && alreadyDone(action, error.status, error.message)) return;
      // The other service's refusal (e.g. an admin owner cannot be banned) is the staff's answer.
      if (error instanceof RpcCallError && error.status < 500) throw new ServiceException(error.status, error.message, error.errors);
      throw error;
    }
  }

  private async resolve(propertyId: string, actor: Actor, action: ReportAction | 'dismiss'): Promise<ReportResolveReply> {
    const resolution = resolutionOf(action);
    const { reply, event } = await this.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `reports:${propertyId}`);
      const now = new Date();
      const { count: closed } = await tx.report.updateMany({
        where: { propertyId, resolvedAt: null },
        data: { resolvedAt: now, resolution, resolvedBy: actor.userId },
      });
      ensureOpenReports(closed);
      const hold = await tx.reportHold.findFirst({ where: { propertyId, releasedAt: null } });
      if (hold) await tx.reportHold.update({ where: { id: hold.id }, data: { releasedAt: now } });
      const payload: PropertyReportsResolvedPayload = {
        propertyId,
        resolution,
        closed,
        holdId: hold?.id ?? null,
        resolvedAt: now.toISOString(),
        actor,
      };
      const event = await addToOutbox(tx, 'moderation', { type: EVENT_TYPES.propertyReportsResolved, payload, source: 'moderation' });
      return { reply: { propertyId, resolution, closed, released: !!hold }, event };
    });
    // A dismissal brings the listing back on the very next read of its details.
    await this.handOff.applyNow(event);
    return reply;
  }

  /** Records a hold (and its event) when this report made enough different established people report a scam. */
  private async holdIfReported(tx: Tx, property: PropertyRead, ownerLanguage: Language): Promise<EventEnvelope<unknown> | null> {
    const open = await tx.report.findMany({
      where: { propertyId: property.id, reason: { in: [...SCAM_REPORT_REASONS] }, resolvedAt: null },
      select: { personKey: true, accountKey: true, addressKey: true, createdAt: true, standing: true },
    });
    const reports: ScamReport[] = open.map((r) => ({ ...r, at: r.createdAt }));
    const alreadyHeld = !!(await tx.reportHold.findFirst({ where: { propertyId: property.id, releasedAt: null } }));
    const [history] = await tx.$queryRaw<{ dismissals: bigint; approvals: bigint }[]>`
      SELECT
        (SELECT count(*) FROM "moderation"."reports" WHERE property_id = ${property.id}::uuid AND resolution = 'dismissed') AS dismissals,
        (SELECT count(*) FROM "moderation"."reviews" v WHERE v.property_id = ${property.id}::uuid AND v.action = 'approve'
           AND v.created_at > (SELECT min(created_at) FROM "moderation"."reports" WHERE property_id = ${property.id}::uuid)) AS approvals`;
    const staff = { dismissals: Number(history.dismissals), approvalsAfterReports: Number(history.approvals) };
    if (!shouldHold({ reports, alreadyHeld, history: staff })) return null;
    const people = establishedPeople(reports);
    const hold = await tx.reportHold.create({
      data: {
        propertyId: property.id,
        reporters: people,
        ownerEmail: property.author?.email || null,
        ownerName: property.author?.name || null,
        ownerLanguage,
        title: property.title,
      },
    });
    const payload: PropertyHeldPayload = {
      propertyId: property.id,
      holdId: hold.id,
      reason: 'scam-reports',
      reporters: hold.reporters,
      heldAt: hold.heldAt.toISOString(),
    };
    return addToOutbox(tx, 'moderation', { type: EVENT_TYPES.propertyHeld, payload, source: 'moderation' });
  }

  private caseOf(propertyId: string, reports: Report[], held: boolean): ReportCase {
    const counts = Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>;
    for (const r of reports) counts[r.reason as ReportReason] += 1;
    const latest = reports[0];
    return {
      propertyId,
      title: latest?.title ?? '',
      ownerId: latest?.ownerId ?? '',
      counts,
      total: reports.length,
      held,
      latestText: reports.find((r) => r.text)?.text ?? null,
      latestAt: (latest?.createdAt ?? new Date()).toISOString(),
      reports: reports.map((r) => ({
        id: r.id,
        reason: r.reason as ReportReason,
        text: r.text,
        reporterId: r.reporterId,
        reporterName: r.reporterName,
        createdAt: r.createdAt.toISOString(),
      })),
      links: {
        details: `/property-details/${propertyId}`,
        admin: `/admin/property-review/${propertyId}`,
      },
    };
  }

  private async publicProperty(id: string): Promise<PropertyRead> {
    try {
      return await this.listings.call(LISTINGS_PATTERNS.propertyGet, { id });
    } catch (error) {
      if (error instanceof RpcCallError && (error.status === 404 || error.status === 400)) throw fail.notFound(MESSAGES.property.notFound);
      // Listings down: 503 with Retry-After before anything is stored, not a 500.
      if (isUnavailable(error)) throw fail.unavailable(error);
      throw error;
    }
  }

  /**
   * What the standing rule needs: a signed-in reporter's account as auth has it now (its age; auth
   * proves no WhatsApp number yet, so none counts as proven), or the device the gateway vouched for.
   * Auth down is 503 before anything is stored: a report must not silently lose its weight.
   */
  private async evidenceOf(reporter: Reporter): Promise<ReporterEvidence> {
    if (!('userId' in reporter)) {
      return { accountCreatedAt: null, whatsappProven: false, knownDeviceSince: reporter.knownDevice ? new Date(reporter.knownDevice.since) : null };
    }
    try {
      const { user } = await this.auth.call(AUTH_PATTERNS.usersGet, { userId: reporter.userId });
      return { accountCreatedAt: new Date(user.createdAt), whatsappProven: false, knownDeviceSince: null };
    } catch (error) {
      if (isUnavailable(error)) throw fail.unavailable(error);
      // An account gone since its session was checked stands on nothing.
      if (error instanceof RpcCallError && error.status === 404) return { accountCreatedAt: null, whatsappProven: false, knownDeviceSince: null };
      throw error;
    }
  }

  /** The owner's language for the hold mail; a projection that cannot answer means English, never a failed report. */
  private async ownerLanguage(ownerId: string): Promise<Language> {
    if (!ownerId) return DEFAULT_LANGUAGE;
    try {
      return toLanguage((await this.listings.call(LISTINGS_PATTERNS.ownerLanguage, { userId: ownerId })).language);
    } catch {
      return DEFAULT_LANGUAGE;
    }
  }
}

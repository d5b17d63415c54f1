// Reporting a listing and what staff do with the reports (docs/api.md#reporting-a-listing). The one
// place these rules live; ReportService applies them around the database and the other services.
import {
  MESSAGES,
  reportActSchema,
  type Actor,
  type ReportAction,
  type ReportResolution,
  type Reporter,
} from '@mboa/contracts';
import { fail, parsePayload } from '@mboa/platform';

/**
 * Who a report comes from, twice over. `reporterKey` is what "one report per person per listing"
 * counts: the account when signed in, else the browser's reporter cookie (a shared carrier address
 * must not stop a second person on it). `personKey` is one person for the scam hold: the account,
 * else the address's keyed hash, so someone clearing cookies on one phone is still one person;
 * `accountKey` and `addressKey` let the hold join more (rules/report-hold.ts).
 */
export function reporterKeys(reporter: Reporter): {
  reporterKey: string;
  personKey: string;
  reporterId: string | null;
  accountKey: string | null;
  addressKey: string;
} {
  if ('userId' in reporter) {
    const key = `user:${reporter.userId}`;
    return { reporterKey: key, personKey: key, reporterId: reporter.userId, accountKey: reporter.accountKey, addressKey: reporter.addressKey };
  }
  return {
    reporterKey: `device:${reporter.deviceId}`,
    personKey: `address:${reporter.addressKey}`,
    reporterId: null,
    accountKey: reporter.knownDevice?.accountKey ?? null,
    addressKey: reporter.addressKey,
  };
}

/** An owner does not report their own listing (403): it would only hide it, or pad a count. */
export function ensureNotOwnListing(reporterId: string | null, ownerId: string): void {
  if (reporterId && reporterId === ownerId) throw fail.forbidden(MESSAGES.report.ownListing);
}

/** The same reporter reporting the same listing again: 409. */
export function ensureFirstReport(existing: unknown): void {
  if (existing) throw fail.conflict(MESSAGES.report.duplicate);
}

/** Only admins see the queue and resolve reports (403), before anything else is looked at. */
export function ensureStaff(actor: Actor): void {
  if (actor.role !== 'admin') throw fail.forbidden(MESSAGES.auth.adminOnly);
}

/** Staff's action, judged after the staff check: 400 naming `action` otherwise. */
export function staffAction(input: unknown): ReportAction {
  return parsePayload(reportActSchema, { action: input }).action;
}

/** Resolving needs open reports: a listing without any (never reported, or already resolved) is 404. */
export function ensureOpenReports(count: number): void {
  if (count === 0) throw fail.notFound(MESSAGES.report.noOpenReports);
}

/** How the reports are closed by each staff action. */
export function resolutionOf(action: ReportAction | 'dismiss'): ReportResolution {
  if (action === 'dismiss') return 'dismissed';
  return action === 'deactivate' ? 'deactivated' : 'owner-banned';
}

/**
 * Another service refusing a staff action because it is already done (the listing already
 * deactivated, the owner already banned: 409) still lets the reports close; any other refusal
 * (an admin owner cannot be banned, an unknown listing) stops it.
 */
export function alreadyDone(action: ReportAction, status: number, message: string): boolean {
  if (status !== 409) return false;
  if (action === 'deactivate') return true;
  return message !== MESSAGES.auth.cannotBanAdmin;
}

/** The audit trail's line for a resolution. */
export function resolutionSummary(resolution: ReportResolution, closed: number, propertyId: string): string {
  const reports = `${closed} report${closed === 1 ? '' : 's'}`;
  if (resolution === 'dismissed') return `Dismissed ${reports} on property ${propertyId}`;
  if (resolution === 'deactivated') return `Deactivated property ${propertyId} after ${reports}`;
  return `Banned the owner of property ${propertyId} after ${reports}`;
}

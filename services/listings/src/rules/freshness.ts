// Fresh listings (docs/api.md#fresh-listings): how long an owner's word that a listing is still
// available holds. Pure: every caller passes the time, so the service, the sweep and the tests all
// judge a listing the same way.

const DAY_MS = 24 * 60 * 60 * 1000;

export const FRESHNESS = {
  /** Without a confirmation for this long, the owner gets a reminder e-mail (and one per such period after). */
  remindAfterDays: 21,
  /** Without a confirmation for this long, the listing leaves search and public details. */
  hiddenAfterDays: 45,
  /** How long the reminder's one-time link works. */
  linkValidDays: 7,
} as const;

type When = Date | string;

const time = (when: When): number => (when instanceof Date ? when.getTime() : Date.parse(when));

/** Whole days since `confirmedAt` (never negative: a clock a little ahead counts as today). */
export function daysSinceConfirmed(confirmedAt: When, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - time(confirmedAt)) / DAY_MS));
}

/**
 * Unconfirmed for 45 days or more: out of search and public details until the owner confirms.
 * A listing whose confirmation time is unknown (an event from before listings kept it) is not stale.
 */
export function isStale(confirmedAt: When | null | undefined, now: Date): boolean {
  if (!confirmedAt) return false;
  const at = time(confirmedAt);
  return !Number.isNaN(at) && now.getTime() - at >= FRESHNESS.hiddenAfterDays * DAY_MS;
}

/** The moment from which a listing confirmed at `confirmedAt` is stale. */
export function staleFrom(confirmedAt: Date): Date {
  return new Date(confirmedAt.getTime() + FRESHNESS.hiddenAfterDays * DAY_MS);
}

/**
 * Whether the owner is due a reminder: 21 days without a confirmation, and no reminder yet in this
 * 21-day period — none since the last confirmation, or the last one 21 days ago or more. So an owner
 * who never answers hears from us on days 21, 42, 63… and never twice in one period.
 */
export function reminderDue(facts: { confirmedAt: Date; remindedAt: Date | null }, now: Date): boolean {
  const period = FRESHNESS.remindAfterDays * DAY_MS;
  if (now.getTime() - facts.confirmedAt.getTime() < period) return false;
  if (!facts.remindedAt || facts.remindedAt < facts.confirmedAt) return true;
  return now.getTime() - facts.remindedAt.getTime() >= period;
}

/** Until when a link made at `issuedAt` works. */
export function linkExpiresAt(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + FRESHNESS.linkValidDays * DAY_MS);
}

/** What a one-time link can be: the service answers 404 for unknown, 410 for used or expired. */
export type LinkProblem = 'unknown' | 'used' | 'expired';

export function linkProblem(link: { usedAt: Date | null; expiresAt: Date } | null, now: Date): LinkProblem | null {
  if (!link) return 'unknown';
  if (link.usedAt) return 'used';
  if (now >= link.expiresAt) return 'expired';
  return null;
}

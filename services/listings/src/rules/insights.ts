import { cameroonDay, INSIGHTS, type InsightsDay, type ListingInsights, type PropertyViewer, type Role } from '@mboa/contracts';

/**
 * Staff roles: their looks at a listing are work (reviewing, answering a report), not a renter's
 * interest, so they never count as views. A moderator role, once it exists, belongs here.
 */
export const STAFF_ROLES: readonly Role[] = ['admin'];

/**
 * Whether a view of a listing owned by `ownerId` counts towards its insights: the owner checking
 * their own listing and staff do not; everyone else, signed in or not, does.
 */
export function countsAsView(viewer: PropertyViewer, ownerId: string): boolean {
  if (!('userId' in viewer)) return true;
  return viewer.userId !== ownerId && !STAFF_ROLES.includes(viewer.role);
}

/**
 * The key one person is counted under, once a day: their account when signed in, else the
 * gateway's keyed hash of their device cookie, else of their address and browser. Someone who
 * signs in midway through a day may count twice that day; never more.
 */
export function viewerKeyOf(viewer: PropertyViewer): string {
  return 'userId' in viewer ? `user:${viewer.userId}` : `device:${viewer.deviceKey}`;
}

/** The address a viewer known only by address and browser came from (a keyed hash), else undefined. */
export function addressKeyOf(viewer: PropertyViewer): string | undefined {
  return 'addressKey' in viewer ? viewer.addressKey : undefined;
}

/**
 * The views of a batch that may be written, given how many viewers known only by address and
 * browser each listing already has that day from each address (`stored`, keyed
 * `listing|day|address`): at most INSIGHTS.viewersPerAddress per listing, day and address, so a
 * script that changes its User-Agent at every request adds a handful, not one per request.
 * Accounts and devices with a cookie are never capped. Viewers already stored are let through
 * (writing them again changes nothing).
 */
export function withinAddressCap<V extends { propertyId: string; day: string; viewerKey: string; addressKey?: string }>(
  batch: readonly V[],
  stored: ReadonlyMap<string, ReadonlySet<string>>,
  cap: number = INSIGHTS.viewersPerAddress,
): V[] {
  const seen = new Map<string, Set<string>>();
  return batch.filter((view) => {
    if (view.addressKey === undefined) return true;
    const key = `${view.propertyId}|${view.day}|${view.addressKey}`;
    const known = stored.get(key) ?? new Set<string>();
    if (known.has(view.viewerKey)) return true;
    const added = seen.get(key) ?? new Set<string>();
    if (known.size + added.size >= cap) return false;
    added.add(view.viewerKey);
    seen.set(key, added);
    return true;
  });
}

/**
 * The calendar day (YYYY-MM-DD) a moment falls on in Cameroon: a view at 23:30 UTC is the next day
 * there. The gateway counts searches on the same days, so the rule lives in contracts.
 */
export const insightsDay = cameroonDay;

/** A YYYY-MM-DD date `n` days after (or before, n < 0) `day`. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The days insights cover at `now`: the last LIMITS.insights.days, today included, oldest first. */
export function insightsWindow(now: Date, days: number = INSIGHTS.days): { from: string; to: string; days: string[] } {
  const to = insightsDay(now);
  const from = addDays(to, -(days - 1));
  return { from, to, days: Array.from({ length: days }, (_, i) => addDays(from, i)) };
}

/** The first day whose figures are still kept at `now`; older ones are swept. */
export function oldestKeptDay(now: Date): string {
  return addDays(insightsDay(now), -(INSIGHTS.keepDays - 1));
}

/**
 * Days the register of who was already counted (property_views) is kept: today, and yesterday for
 * a view sent just before midnight and written just after. Older people are already in the days'
 * figures; the register only stops one person counting twice in a day.
 */
export const VIEWERS_KEPT_DAYS = 2;

/** The first day whose register of viewers is still kept at `now`. */
export function oldestViewersDay(now: Date): string {
  return addDays(insightsDay(now), -(VIEWERS_KEPT_DAYS - 1));
}

/**
 * One listing's counts per day, every day of the window present (zeros where nothing happened), and
 * its totals; among the contacts, those from renters with a proven number (counted like contacts).
 */
export function listingInsights(
  propertyId: string,
  window: { days: readonly string[] },
  counts: ReadonlyArray<{ day: string; views: number; contacts: number; provenContacts?: number }>,
): ListingInsights {
  const byDay = new Map(counts.map((c) => [c.day, c]));
  const daily: InsightsDay[] = window.days.map((day) => ({ day, views: byDay.get(day)?.views ?? 0, contacts: byDay.get(day)?.contacts ?? 0 }));
  return {
    propertyId,
    views30d: daily.reduce((sum, d) => sum + d.views, 0),
    contacts30d: daily.reduce((sum, d) => sum + d.contacts, 0),
    provenContacts30d: window.days.reduce((sum, day) => sum + (byDay.get(day)?.provenContacts ?? 0), 0),
    daily,
  };
}

import type { ListingsTx } from '../db.js';
import { insightsDay } from '../rules/insights.js';

export type ListingFact = 'posted' | 'approved' | 'rejected';

/**
 * Adds one to a Cameroon day's figure (docs/api.md#staff-figures), in the caller's transaction: a
 * posting or a decision that rolls back counts nothing. One row per day, so the increment is
 * cheap; the few postings and decisions of a day never wait on each other for long.
 */
export async function countListingFact(tx: ListingsTx, fact: ListingFact, at: Date): Promise<void> {
  const day = insightsDay(at);
  const posted = fact === 'posted' ? 1 : 0;
  const approved = fact === 'approved' ? 1 : 0;
  const rejected = fact === 'rejected' ? 1 : 0;
  await tx.$executeRaw`
    INSERT INTO "listings"."listing_days" AS d (day, posted, approved, rejected)
    VALUES (${day}::date, ${posted}, ${approved}, ${rejected})
    ON CONFLICT (day) DO UPDATE SET posted = d.posted + excluded.posted, approved = d.approved + excluded.approved, rejected = d.rejected + excluded.rejected`;
}

import { Injectable } from '@nestjs/common';
import { INSIGHTS, type ListingsFigures } from '@mboa/contracts';
import { ListingsDb } from '../db.js';
import { insightsWindow } from '../rules/insights.js';

interface DayRow {
  day: string;
  posted: number;
  approved: number;
  rejected: number;
  contacts: number;
  searches: number;
  foundNothing: number;
}

/** Staff's daily figures (docs/api.md#staff-figures): read from the days' rows, numbers only. */
@Injectable()
export class FiguresService {
  constructor(private readonly db: ListingsDb) {}

  /** The last `days` Cameroon days, today included. */
  async of(days: number, now = new Date()): Promise<ListingsFigures> {
    const window = insightsWindow(now, days);
    const tz = INSIGHTS.timeZone;
    const [daily, towns, nothing, decisions, queue] = await Promise.all([
      this.db.$queryRaw<DayRow[]>`
        WITH d AS (SELECT generate_series(${window.from}::date, ${window.to}::date, interval '1 day')::date AS day),
        contacts AS (
          -- A contact is a renter asking for a listing's owner once that day (as for owners' insights).
          SELECT (b.created_at AT TIME ZONE 'UTC' AT TIME ZONE ${tz})::date AS day, count(DISTINCT (b.renter_id, b.property_id))::int AS n
          FROM "listings"."bookings" b
          WHERE b.created_at >= (${window.from}::date::timestamp AT TIME ZONE ${tz}) AT TIME ZONE 'UTC'
          GROUP BY 1
        ), searches AS (
          SELECT day, sum(searches)::int AS n, sum(found_nothing)::int AS nothing FROM "listings"."search_days"
          WHERE day BETWEEN ${window.from}::date AND ${window.to}::date GROUP BY 1
        )
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(l.posted, 0) AS posted, coalesce(l.approved, 0) AS approved,
          coalesce(l.rejected, 0) AS rejected, coalesce(c.n, 0) AS contacts, coalesce(s.n, 0) AS searches, coalesce(s.nothing, 0) AS "foundNothing"
        FROM d
        LEFT JOIN "listings"."listing_days" l ON l.day = d.day
        LEFT JOIN contacts c ON c.day = d.day
        LEFT JOIN searches s ON s.day = d.day
        ORDER BY d.day`,
      this.db.$queryRaw<Array<{ town: string; searches: number; foundNothing: number }>>`
        SELECT town, sum(searches)::int AS searches, sum(found_nothing)::int AS "foundNothing" FROM "listings"."search_days"
        WHERE day BETWEEN ${window.from}::date AND ${window.to}::date
        GROUP BY town ORDER BY 2 DESC, 1`,
      this.db.$queryRaw<Array<{ town: string; propertyType: string; priceBand: string; searches: number }>>`
        SELECT town, property_type AS "propertyType", price_band AS "priceBand", sum(found_nothing)::int AS searches FROM "listings"."search_days"
        WHERE day BETWEEN ${window.from}::date AND ${window.to}::date
        GROUP BY 1, 2, 3 HAVING sum(found_nothing) > 0 ORDER BY 4 DESC, 1, 2, 3`,
      // The listings decided in the window, by their last decision (the one the properties keep).
      this.db.$queryRaw<Array<{ median: number | null; n: number }>>`
        SELECT (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM reviewed_at - created_at)) / 3600)::float8 AS median, count(*)::int AS n
        FROM "listings"."properties"
        WHERE reviewed_at >= (${window.from}::date::timestamp AT TIME ZONE ${tz}) AT TIME ZONE 'UTC' AND review_state <> 'pending' AND deleted_at IS NULL`,
      this.db.$queryRaw<Array<{ waiting: number; oldest: number | null }>>`
        SELECT count(*)::int AS waiting, (extract(epoch FROM (now() AT TIME ZONE 'UTC') - min(created_at)) / 3600)::float8 AS oldest
        FROM "listings"."properties" WHERE review_state = 'pending' AND deleted_at IS NULL`,
    ]);
    return {
      from: window.from,
      to: window.to,
      days: daily,
      searchesByTown: towns,
      foundNothing: nothing,
      medianDecisionHours: decisions[0]?.median == null ? null : round1(decisions[0].median),
      decisions: decisions[0]?.n ?? 0,
      reviewQueue: { waiting: queue[0]?.waiting ?? 0, oldestHours: queue[0]?.oldest == null ? null : round1(Math.max(0, queue[0].oldest)) },
    };
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

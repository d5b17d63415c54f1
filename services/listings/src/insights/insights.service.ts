import { Injectable } from '@nestjs/common';
import { INSIGHTS, type Actor, type MyListingsInsightsResponse } from '@mboa/contracts';
import { ListingsDb } from '../db.js';
import { propertyNotFound } from '../properties/property-reader.js';
import { insightsWindow, listingInsights } from '../rules/insights.js';

interface DayRow {
  propertyId: string;
  day: string;
  views: number;
  contacts: number;
  provenContacts: number;
}

/** My Listings' insights (docs/api.md#owner-insights): views and contacts per day of the owner's listings. */
@Injectable()
export class InsightsService {
  constructor(private readonly db: ListingsDb) {}

  /**
   * The last 30 days of each listing named, in the order named. Every one must be the actor's own
   * and not deleted, else 404 `Property not found` (another owner's numbers are not told, nor
   * whether the listing exists). One statement: the owner's listings among the ids (primary key),
   * their days' views (property_view_days' primary key: listing, then day; at most 30 rows a
   * listing, however many people looked) and the renters who
   * booked them per Cameroon day (bookings' property index), joined onto every day of the window.
   * A contact is a person, not a booking: one renter booking 30 times in a day is one contact.
   * A proven contact: one whose booking noted their own number proven (bookings.service).
   */
  async of(actor: Actor, ids: string[], now = new Date()): Promise<MyListingsInsightsResponse> {
    const window = insightsWindow(now);
    const rows = await this.db.$queryRaw<DayRow[]>`
      WITH mine AS (
        SELECT p.id FROM "listings"."properties" p
        WHERE p.id = ANY(${ids}::uuid[]) AND p.owner_id = ${actor.userId}::uuid AND p.deleted_at IS NULL
      ), views AS (
        SELECT v.property_id, v.day, v.views AS n FROM "listings"."property_view_days" v
        WHERE v.property_id IN (SELECT id FROM mine) AND v.day BETWEEN ${window.from}::date AND ${window.to}::date
      ), contacts AS (
        SELECT b.property_id, (b.created_at AT TIME ZONE 'UTC' AT TIME ZONE ${INSIGHTS.timeZone})::date AS day, count(DISTINCT b.renter_id)::int AS n,
          count(DISTINCT b.renter_id) FILTER (WHERE b.renter_number_proven)::int AS proven
        FROM "listings"."bookings" b
        WHERE b.property_id IN (SELECT id FROM mine)
          AND b.created_at >= (${window.from}::date::timestamp AT TIME ZONE ${INSIGHTS.timeZone}) AT TIME ZONE 'UTC'
        GROUP BY 1, 2
      )
      SELECT mine.id::text AS "propertyId", to_char(d.day, 'YYYY-MM-DD') AS day,
        coalesce(views.n, 0) AS views, coalesce(contacts.n, 0) AS contacts, coalesce(contacts.proven, 0) AS "provenContacts"
      FROM mine
      CROSS JOIN (SELECT generate_series(${window.from}::date, ${window.to}::date, interval '1 day')::date AS day) d
      LEFT JOIN views ON views.property_id = mine.id AND views.day = d.day
      LEFT JOIN contacts ON contacts.property_id = mine.id AND contacts.day = d.day`;
    const byListing = new Map<string, DayRow[]>();
    for (const row of rows) byListing.set(row.propertyId, [...(byListing.get(row.propertyId) ?? []), row]);
    if (ids.some((id) => !byListing.has(id))) throw propertyNotFound();
    return { from: window.from, to: window.to, listings: ids.map((id) => listingInsights(id, window, byListing.get(id) ?? [])) };
  }
}

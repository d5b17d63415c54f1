import { z } from 'zod';
import { LIMITS } from '../limits.js';

// Owner insights' answer (docs/api.md#owner-insights): GET /api/user/my-listings/insights.
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One day of one listing. `day` is a calendar date in Cameroon (YYYY-MM-DD). */
export const insightsDaySchema = z.object({
  day: z.string().regex(DAY),
  /** Different people who opened the details page that day (not the owner, not staff). */
  views: z.number().int().min(0),
  /** Bookings: renters who asked for the owner's WhatsApp from the listing that day. */
  contacts: z.number().int().min(0),
});
export type InsightsDay = z.output<typeof insightsDaySchema>;

/** One listing's last 30 days: totals, and every day oldest first (zeros included). */
export const listingInsightsSchema = z.object({
  propertyId: z.string(),
  views30d: z.number().int().min(0),
  contacts30d: z.number().int().min(0),
  /** Of those contacts, the ones from renters whose own WhatsApp number was proven when they made contact. */
  provenContacts30d: z.number().int().min(0),
  daily: z.array(insightsDaySchema).length(LIMITS.insights.days),
});
export type ListingInsights = z.output<typeof listingInsightsSchema>;

/** The answer: the window's first and last day (Cameroon), and the listings asked for, in the order asked. */
export const myListingsInsightsResponseSchema = z.object({
  from: z.string().regex(DAY),
  to: z.string().regex(DAY),
  listings: z.array(listingInsightsSchema),
});
export type MyListingsInsightsResponse = z.output<typeof myListingsInsightsResponseSchema>;

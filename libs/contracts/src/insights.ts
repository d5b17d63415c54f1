// Owner insights (docs/api.md#owner-insights): how often each listing's details page was seen and
// how many renters contacted its owner (bookings), per day over the last 30 days. Owned by listings;
// the gateway reports each details page it answered as a view event and checks the query below.
import { z } from 'zod';
import { isUuid } from './helpers/ids.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { ROLES } from './roles.js';
import { actorSchema } from './schemas/common.js';
import type { Actor } from './types/requests.js';

export const INSIGHTS = {
  ...LIMITS.insights,
  /** Days are counted in Cameroon's time (UTC+1, no daylight saving). */
  timeZone: 'Africa/Douala',
} as const;

/**
 * Plain NATS (not JetStream): the gateway publishes one message per details page it answered,
 * without waiting, and a listings replica (queue group) counts it. At most once: a view published
 * while no listings replica runs is lost, which a count of views can afford and the hottest read
 * must not wait for. Prefixed like every subject (NATS_SUBJECT_PREFIX).
 */
export const PROPERTY_VIEWED_SUBJECT = 'listings.property.viewed';

const KEY = /^[\w-]{16,64}$/;

/**
 * Who viewed: a signed-in person by account (and role: staff views are not counted); anyone else
 * by their browser's signed device cookie, as a keyed hash; and only without one, by a keyed hash
 * of their address and browser, with `addressKey` (a keyed hash of the address alone, never the
 * address) so that one address adds at most LIMITS.insights.viewersPerAddress of those a day.
 */
export const propertyViewerSchema = z.union([
  z.object({ userId: z.string().refine(isUuid), role: z.enum(ROLES) }),
  z.object({ deviceKey: z.string().regex(KEY), addressKey: z.string().regex(KEY).optional() }),
]);
export type PropertyViewer = z.output<typeof propertyViewerSchema>;

/** The message on PROPERTY_VIEWED_SUBJECT. */
export const propertyViewedSchema = z.object({
  propertyId: z.string().refine(isUuid),
  viewer: propertyViewerSchema,
  viewedAt: z.iso.datetime(),
});
export type PropertyViewed = z.output<typeof propertyViewedSchema>;

const I = MESSAGES.insights;

/** GET /api/user/my-listings/insights?ids=a,b,c: the listings of one My Listings page (a comma list, or `ids` repeated). */
export const myListingsInsightsQuerySchema = z.object({
  ids: z.preprocess(
    (v) => {
      const given: unknown[] = Array.isArray(v) ? (v as unknown[]) : [v];
      const parts = given.flatMap((part): unknown[] => (typeof part === 'string' ? part.split(',') : part == null ? [] : [part]));
      return parts.filter((part) => typeof part !== 'string' || part.trim() !== '');
    },
    z
      .array(z.string({ error: I.idsInvalid }).trim().refine(isUuid, { error: I.idsInvalid }), { error: I.idsInvalid })
      .min(1, { error: I.idsInvalid })
      .max(INSIGHTS.maxListings, { error: I.tooManyIds })
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  ),
});
export type MyListingsInsightsQuery = z.output<typeof myListingsInsightsQuerySchema>;

/** listings.my-listings.insights */
export const myListingsInsightsRequestSchema = myListingsInsightsQuerySchema.extend({ actor: actorSchema });
export interface MyListingsInsightsRequest {
  actor: Actor;
  ids: string[];
}

// The answer's schemas and types live with the other answers (responses/insights.ts).

// Staff's daily figures (docs/api.md#staff-figures, issue 29): what the admin app's Figures screen
// draws. Each figure is counted by the service that owns the fact, per Cameroon day, as numbers
// only: no figure holds or names a person.
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { actorSchema } from './schemas/common.js';
import { foldTown, TOWNS } from './towns.js';
import type { Actor } from './types/requests.js';

export const FIGURES = LIMITS.figures;

/** A search's town as counted: a known town's own spelling, `other` for any other text, `any` when none was given. */
export const SEARCH_TOWN_ANY = 'any';
export const SEARCH_TOWN_OTHER = 'other';

/** Every known town by its folded spelling, made once: a search's town is found with one lookup. */
const TOWN_BY_KEY = new Map<string, string>(TOWNS.map((t) => [foldTown(t), t]));

/** Free text is never stored: it could hold anything, a name included. */
export function searchTownOf(town: string | undefined): string {
  if (town === undefined || town.trim() === '') return SEARCH_TOWN_ANY;
  return TOWN_BY_KEY.get(foldTown(town)) ?? SEARCH_TOWN_OTHER;
}

/**
 * Price bands of a search, in FCFA, by the highest price it allows (the renter's budget): `any`
 * without a maximum, else the first band whose top reaches it.
 */
export const PRICE_BANDS = [
  { band: 'up-to-25k', top: 25_000 },
  { band: '25k-50k', top: 50_000 },
  { band: '50k-100k', top: 100_000 },
  { band: '100k-250k', top: 250_000 },
  { band: 'over-250k', top: Number.POSITIVE_INFINITY },
] as const;
export type PriceBand = (typeof PRICE_BANDS)[number]['band'] | 'any';

export function priceBandOf(maxPrice: number | undefined): PriceBand {
  if (maxPrice === undefined) return 'any';
  return PRICE_BANDS.find((b) => maxPrice <= b.top)?.band ?? 'over-250k';
}

/** GET /api/admin/figures?days=30 */
export const adminFiguresQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? FIGURES.defaultDays : typeof v === 'string' ? Number(v) : v),
    z.number({ error: MESSAGES.figures.daysInvalid }).int({ error: MESSAGES.figures.daysInvalid }).min(1, { error: MESSAGES.figures.daysInvalid }).max(FIGURES.maxDays, { error: MESSAGES.figures.daysInvalid }),
  ),
});
export type AdminFiguresQuery = z.output<typeof adminFiguresQuerySchema>;

/** listings.admin.figures (the gateway lets only staff through; listings checks again). */
export const adminFiguresRequestSchema = adminFiguresQuerySchema.extend({ actor: actorSchema });
export interface AdminFiguresRequest {
  actor: Actor;
  days: number;
}

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().min(0);

/** A queue staff work through: how many wait now, and how long the oldest has waited (hours; null when none waits). */
export const queueAgeSchema = z.object({ waiting: count, oldestHours: z.number().min(0).nullable() });
export type QueueAge = z.output<typeof queueAgeSchema>;

/** listings' part of the answer: every day of the window, oldest first, zeros included; the searches' tables largest first. */
export const listingsFiguresSchema = z.object({
  from: DAY,
  to: DAY,
  days: z.array(z.object({ day: DAY, posted: count, approved: count, rejected: count, contacts: count, searches: count, foundNothing: count })),
  /** Searches per town over the window (`any`: no town given; `other`: a town not in the list). */
  searchesByTown: z.array(z.object({ town: z.string(), searches: count, foundNothing: count })),
  /** Searches that found nothing over the window, by town, type (`any` when not given) and price band. */
  foundNothing: z.array(z.object({ town: z.string(), propertyType: z.string(), priceBand: z.string(), searches: count })),
  /** Median hours from posting to staff's decision, of the listings decided in the window; null when none was. */
  medianDecisionHours: z.number().min(0).nullable(),
  decisions: count,
  /** Listings waiting for review. */
  reviewQueue: queueAgeSchema,
});
export type ListingsFigures = z.output<typeof listingsFiguresSchema>;

/** moderation.queues: the identity and control documents waiting for a decision, and the listings with reports not yet handled. */
export const moderationQueuesSchema = z.object({ verification: queueAgeSchema, reports: queueAgeSchema });
export type ModerationQueues = z.output<typeof moderationQueuesSchema>;

/** GET /api/admin/figures: listings' figures, and moderation's queues beside the review queue. */
export const adminFiguresSchema = listingsFiguresSchema.extend({ verificationQueue: queueAgeSchema, reportsQueue: queueAgeSchema });
export type AdminFigures = z.output<typeof adminFiguresSchema>;

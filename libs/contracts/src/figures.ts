// Staff's daily figures (docs/api.md#staff-figures, issue 29): what the admin app's Figures screen
// draws. Each figure is counted by the service that owns the fact, per Cameroon day, as numbers
// only: no figure holds or names a person.
import { z } from 'zod';
import { INSIGHTS } from './insights.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { PROPERTY_TYPES } from './property.js';
import { actorSchema } from './schemas/common.js';
import type { SearchQuery } from './schemas/property.js';
import { foldTown, TOWNS } from './towns.js';
import type { Actor } from './types/requests.js';

export const FIGURES = LIMITS.figures;

/** A search's town as counted: a known town's own spelling, `other` for any other text, `any` when none was given. */
export const SEARCH_TOWN_ANY = 'any';
export const SEARCH_TOWN_OTHER = 'other';
/** A search's type as counted when none was given. */
export const SEARCH_TYPE_ANY = 'any';

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

const cameroonDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: INSIGHTS.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) a moment falls on in Cameroon: at 23:30 UTC it is already the next day there. */
export function cameroonDay(at: Date): string {
  const parts = Object.fromEntries(cameroonDayFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** One row of searches counted: how many searches of a day, town, type and band, and how many of them found nothing. */
export interface SearchTally {
  day: string;
  town: string;
  propertyType: string;
  priceBand: string;
  searches: number;
  foundNothing: number;
}

/** What of a search a tally keeps: only the folded values, never the text typed. */
export type CountedSearch = Partial<Pick<SearchQuery, 'town' | 'propertyType' | 'maxPrice' | 'page'>>;

/**
 * Searches counted in memory (docs/api.md#staff-figures), ready to be added to the day's figures:
 * the one rule of which row a search adds to, so whoever counts counts alike. Only a search's first
 * page counts (the next pages are the same search); the town is a known town, `other` or `any`;
 * the day is Cameroon's. A count is a Map lookup (the day is worked out once per UTC hour:
 * Cameroon is a whole hour from UTC, so its day changes only on the hour).
 */
export class SearchTallies {
  private pending = new Map<string, SearchTally>();
  private dayHour = -1;
  private day = '';

  /** One search answered with `total` results. */
  count(query: CountedSearch, total: number, at: Date = new Date()): void {
    if ((query.page ?? 1) > 1) return;
    const hour = Math.floor(at.getTime() / 3_600_000);
    if (hour !== this.dayHour) {
      this.dayHour = hour;
      this.day = cameroonDay(at);
    }
    const day = this.day;
    const town = searchTownOf(query.town);
    const propertyType = query.propertyType ?? SEARCH_TYPE_ANY;
    const priceBand = priceBandOf(query.maxPrice);
    const key = `${day}|${town}|${propertyType}|${priceBand}`;
    let tally = this.pending.get(key);
    if (!tally) this.pending.set(key, (tally = { day, town, propertyType, priceBand, searches: 0, foundNothing: 0 }));
    tally.searches += 1;
    if (total === 0) tally.foundNothing += 1;
  }

  /** Rows counted so far. */
  get size(): number {
    return this.pending.size;
  }

  /** Everything counted so far, in batches of at most FIGURES.searchBatchRows rows; counting starts again from nothing. */
  take(): SearchTally[][] {
    const rows = [...this.pending.values()];
    this.pending = new Map();
    const batches: SearchTally[][] = [];
    for (let i = 0; i < rows.length; i += FIGURES.searchBatchRows) batches.push(rows.slice(i, i + FIGURES.searchBatchRows));
    return batches;
  }
}

const DAY_MS = 86_400_000;

const searchTallySchema = z
  .object({
    // Which days a batch may name is checked once per batch (searchesCountedRequestSchema).
    day: z.iso.date(),
    town: z.enum([...TOWNS, SEARCH_TOWN_OTHER, SEARCH_TOWN_ANY]),
    propertyType: z.enum([...PROPERTY_TYPES, SEARCH_TYPE_ANY]),
    priceBand: z.enum([...PRICE_BANDS.map((b) => b.band), 'any']),
    searches: z.number().int().min(1).max(FIGURES.searchesPerRow),
    foundNothing: z.number().int().min(0).max(FIGURES.searchesPerRow),
  })
  .strict()
  .refine((t) => t.foundNothing <= t.searches, { path: ['foundNothing'] });

/**
 * listings.figures.searches-counted: the searches a gateway replica answered in the last
 * FIGURES.searchFlushMs, added to search_days. Only the folded values: a row cannot carry anything
 * else (strict), so no batch can name a person.
 */
export const searchesCountedRequestSchema = z
  .object({ tallies: z.array(searchTallySchema).min(1).max(FIGURES.searchBatchRows) })
  .strict()
  .superRefine(({ tallies }, ctx) => {
    // A gateway counts today's searches (yesterday's just after midnight): any other day is not a
    // batch of searches just answered. The bounds are worked out once per batch, not per row (a
    // Cameroon day costs about 5 µs, twice per row was two thirds of a flush's validation).
    const now = Date.now();
    const earliest = cameroonDay(new Date(now - 2 * DAY_MS));
    const latest = cameroonDay(new Date(now + DAY_MS));
    // One row per day, town, type and band: the rows are added in one statement, which cannot
    // update a row twice.
    const seen = new Set<string>();
    tallies.forEach((t, i) => {
      if (t.day < earliest || t.day > latest) ctx.addIssue({ code: 'custom', path: ['tallies', i, 'day'], message: 'not a day of searches just answered' });
      const key = `${t.day}|${t.town}|${t.propertyType}|${t.priceBand}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['tallies', i], message: 'the same day, town, type and band twice' });
      seen.add(key);
    });
  });
export interface SearchesCountedRequest {
  tallies: SearchTally[];
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

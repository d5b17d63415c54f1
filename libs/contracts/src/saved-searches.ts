// Saved searches and their alerts (docs/api.md#saved-searches): the filters a renter keeps from
// the home page, how often they hear of new matches, and the shapes the listings service answers.
// The filters are the home filters, checked by the same schema as GET /api/properties/search.
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { bboxParam } from './geo.js';
import { searchQuerySchema } from './schemas/property.js';
import { CONTROL_CHECKED_PARAM } from './verification.js';
import { actorSchema, emptyToUndefined, idSchema, shownText } from './schemas/common.js';
import type { Actor } from './types/requests.js';
import { LANGUAGES, type Language } from './i18n/language.js';
import type { savedSearchFiltersOutSchema, savedSearchListReplySchema, savedSearchRecordSchema } from './responses/saved-searches.js';

/** instant: a message for each new match; daily: at most one digest a day of every new match. */
export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

const S = MESSAGES.savedSearches;

/**
 * The filters a search keeps: those of the home page (text, category, type, town, rooms, price
 * range, control checked, the map's area as `bbox`), without the order, `near` and paging. Same
 * rules and texts as the search itself; the box is kept in its query-string form
 * (west,south,east,north, five decimals), as the web app sends it back to search.
 */
export const savedSearchFiltersSchema = searchQuerySchema.transform(
  ({ search, category, propertyType, town, rooms, minPrice, maxPrice, [CONTROL_CHECKED_PARAM]: controlChecked, bbox }): SavedSearchFilters => {
    const kept = { search, category, propertyType, town, rooms, minPrice, maxPrice, controlChecked, bbox: bbox ? bboxParam(bbox) : undefined };
    return Object.fromEntries(Object.entries(kept).filter(([, v]) => v !== undefined));
  },
);

export type SavedSearchFilters = z.infer<typeof savedSearchFiltersOutSchema>;

const frequencySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(ALERT_FREQUENCIES, { error: S.frequencyInvalid }),
);

/** POST /api/saved-searches: the home filters (as in the search query) and how often to hear. */
export const savedSearchCreateSchema = z.preprocess(
  (v) => v ?? {},
  z
    .object({ frequency: z.preprocess((v) => v ?? 'instant', frequencySchema) })
    .loose()
    .transform((body, ctx) => {
      const { frequency, ...rest } = body;
      const filters = savedSearchFiltersSchema.safeParse(rest);
      if (!filters.success) {
        for (const issue of filters.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        return z.NEVER;
      }
      return { frequency, filters: filters.data };
    }),
);
export type SavedSearchCreateInput = { frequency: AlertFrequency; filters: SavedSearchFilters };

/** PATCH /api/saved-searches/{id}: a new name, frequency or filters; at least one. */
export const savedSearchUpdateSchema = z
  .object({
    name: z.preprocess(
      (v) => emptyToUndefined(shownText(v)),
      z
        .string({ error: S.nameRequired })
        .trim()
        .min(1, { error: S.nameRequired })
        .max(LIMITS.savedSearches.nameMax, { error: MESSAGES.common.tooLong })
        .optional(),
    ),
    frequency: frequencySchema.optional(),
    filters: z.preprocess((v) => v ?? undefined, savedSearchFiltersSchema.optional()),
  })
  .refine((v) => v.name !== undefined || v.frequency !== undefined || v.filters !== undefined, { error: S.nothingToChange });
export type SavedSearchUpdateInput = { name?: string; frequency?: AlertFrequency; filters?: SavedSearchFilters };

/** GET/POST /api/saved-searches/unsubscribe?token=…: the alert's one-click link. */
export const unsubscribeTokenSchema = z.object(
  {
    token: z
      .string({ error: S.unsubscribeInvalid })
      .trim()
      .regex(/^[\w-]{20,100}$/, { error: S.unsubscribeInvalid }),
  },
  { error: S.unsubscribeInvalid },
);
export type UnsubscribeTokenInput = z.output<typeof unsubscribeTokenSchema>;

/** A saved search as its owner reads it. */
export type SavedSearch = z.infer<typeof savedSearchRecordSchema>;
export type SavedSearchListReply = z.infer<typeof savedSearchListReplySchema>;
export interface UnsubscribeReply {
  /** The name of the search no longer alerted. */
  name: string;
  language: Language;
}

// NATS requests (checked at listings' door, RPC_REQUESTS).
const languageSchema = z.preprocess((v) => (LANGUAGES as readonly unknown[]).includes(v) ? v : 'en', z.enum(LANGUAGES));
export const savedSearchRequests = {
  list: z.object({ actor: actorSchema }, { error: MESSAGES.auth.notSignedIn }),
  // `data` as the gateway parsed it from the HTTP body (filters apart from the frequency).
  create: z.object({ actor: actorSchema, language: languageSchema, data: z.object({ frequency: frequencySchema, filters: savedSearchFiltersSchema }) }),
  update: z.object({ actor: actorSchema, id: idSchema, language: languageSchema, data: savedSearchUpdateSchema }),
  remove: z.object({ actor: actorSchema, id: idSchema }),
  unsubscribe: unsubscribeTokenSchema,
};
export interface SavedSearchCreateRequest {
  actor: Actor;
  language: Language;
  data: SavedSearchCreateInput;
}
export interface SavedSearchUpdateRequest {
  actor: Actor;
  id: string;
  language: Language;
  data: SavedSearchUpdateInput;
}
export interface SavedSearchIdRequest {
  actor: Actor;
  id: string;
}

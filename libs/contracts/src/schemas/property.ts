import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { DEFAULT_COUNTRY } from '../locale.js';
import {
  ADMIN_PROPERTY_ACTIONS,
  AMENITIES,
  AVAILABILITIES,
  isTypeInCategory,
  PAYMENT_TERMS,
  PHOTO_REVIEW_ACTIONS,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  REQUIRED_SPECIFICATIONS,
  REVIEW_ACTIONS,
  DEFAULT_SEARCH_SORT,
  SEARCH_SORTS,
  type PropertyCategory,
  type SpecificationField,
} from '../property.js';
import { bboxParamSchema, landmarkSchema, nearParamSchema, pinSchema } from '../geo.js';
import { reviewDecisionProblem } from '../rules/review-decision.js';
import { CONTROL_CHECKED_PARAM } from '../verification.js';
import {
  emptyToUndefined,
  idSchema,
  limitSchema,
  optionalNumber,
  pageSchema,
  requiredText,
  shownText,
  statusFilter,
  whatsappSchema,
} from './common.js';

const P = MESSAGES.property;

/** Matches a value to a known one ignoring case and surrounding blanks ('single room' → 'Single Room'). */
function caseInsensitive(values: readonly string[]) {
  return (v: unknown): unknown => {
    if (typeof v !== 'string') return v;
    const s = v.trim().toLowerCase();
    return values.find((x) => x.toLowerCase() === s) ?? v.trim();
  };
}

export const categorySchema = z.preprocess(
  caseInsensitive(PROPERTY_CATEGORIES),
  z.enum(PROPERTY_CATEGORIES, { error: P.categoryRequired }),
);
export const propertyTypeSchema = z.preprocess(
  caseInsensitive(PROPERTY_TYPES),
  z.enum(PROPERTY_TYPES, { error: P.propertyTypeRequired }),
);
export const paymentTermSchema = z.preprocess(
  caseInsensitive(PAYMENT_TERMS),
  z.enum(PAYMENT_TERMS, { error: P.paymentTermRequired }),
);
export const propertyStatusSchema = z.preprocess(
  caseInsensitive(PROPERTY_STATUSES),
  z.enum(PROPERTY_STATUSES, { error: MESSAGES.common.invalidStatus }),
);

/** Amenities arrive as a JSON list string (multipart), a comma list, or an array. */
export function parseAmenities(value: unknown): unknown {
  const v = emptyToUndefined(value);
  if (v === undefined) return [];
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return v;
      }
    }
    return s.split(',').map((x) => x.trim()).filter(Boolean);
  }
  return v;
}

export const amenitiesSchema = z.preprocess(
  parseAmenities,
  z
    .array(
      z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/\s+/g, '_') : v),
        z.enum(AMENITIES, { error: P.amenityUnknown }),
      ),
      { error: P.amenitiesInvalid },
    )
    .max(AMENITIES.length * 2, { error: P.amenitiesInvalid })
    .transform((list) => [...new Set(list)]),
);

const specNumber = (int: boolean) =>
  optionalNumber({ min: 0, int, message: P.mustBeNonNegative });

export const specificationsSchema = z.preprocess(
  (v) => emptyToUndefined(v) ?? {},
  z.object(
    {
      bedrooms: specNumber(true),
      toilets: specNumber(true),
      kitchens: specNumber(true),
      livingRooms: specNumber(true),
      size: specNumber(false),
      distanceFromRoad: specNumber(false),
      sections: specNumber(true),
    },
    { error: P.mustBeNonNegative },
  ),
);

export const locationSchema = z.object(
  {
    country: z.preprocess(
      emptyToUndefined,
      z.string({ error: P.countryRequired }).trim().max(60, { error: MESSAGES.common.tooLong }).default(DEFAULT_COUNTRY),
    ),
    town: requiredText(P.townRequired, 80, MESSAGES.common.tooLong),
    neighbourhood: requiredText(P.neighbourhoodRequired, 120, MESSAGES.common.tooLong),
    // Where it is (docs/api.md#where-it-is): the exact pin (both coordinates or none; blank = none)
    // and a landmark text (blank = none). Only the owner and staff ever see the pin again.
    pin: z.preprocess(blankPinFieldsDropped, pinSchema.optional()),
    landmark: z.preprocess(emptyToUndefined, landmarkSchema.optional()),
  },
  { error: P.townRequired },
);

/**
 * A form sends both pin fields, blank when no pin was placed: blank fields are left out (both
 * blank: no pin; one blank: the pin is incomplete, as pinSchema says).
 */
function blankPinFieldsDropped(v: unknown): unknown {
  if (!isPlainRecord(v)) return emptyToUndefined(v);
  const given = Object.entries(v as Record<string, unknown>).filter(([, x]) => emptyToUndefined(x) !== undefined);
  return given.length === 0 ? undefined : Object.fromEntries(given);
}

/**
 * Changing where a listing is (the owner's My Listings `update` and the admin edit): a new pin,
 * `pin: null` to remove it, and a landmark ('' or null removes it). Left out: unchanged.
 */
export const locationEditFields = {
  pin: z.preprocess((v) => (v === null ? null : blankPinFieldsDropped(v)), pinSchema.nullable().optional()),
  landmark: z.preprocess((v) => (v === null ? '' : v), landmarkSchema.optional()),
};

/**
 * Months of rent due before moving in (rules/move-in-cost.ts): whole months from 0 to 24; left out
 * or blank means none (stored as 0). The post wizard checks what is typed with it too.
 */
export const advanceMonthsSchema = optionalNumber({
  min: 0,
  max: LIMITS.property.advanceMonthsMax,
  int: true,
  message: P.advanceMonthsInvalid,
});

/**
 * Accepts both read and post names and flat location fields, so one schema serves the web form,
 * outside clients and the admin edit: `paymentTerms` → `paymentTerm`, `town` → `location.town`.
 */
function normalisePropertyInput(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const o = { ...(input as Record<string, unknown>) };
  if (o.paymentTerm === undefined && o.paymentTerms !== undefined) o.paymentTerm = o.paymentTerms;
  if (o.availability === undefined && o.status !== undefined) o.availability = o.status;
  if (o.location === undefined && (o.town !== undefined || o.neighbourhood !== undefined || o.country !== undefined)) {
    o.location = { country: o.country, town: o.town, neighbourhood: o.neighbourhood };
  }
  return o;
}

const propertyFields = {
  category: categorySchema,
  propertyType: propertyTypeSchema,
  // Shown to renters, staff and in mails: direction controls dropped, invisible-only is blank.
  title: z.preprocess(
    shownText,
    z.string({ error: P.titleRequired }).trim().min(1, { error: P.titleRequired }).max(LIMITS.property.titleMax, { error: P.titleTooLong }),
  ),
  description: z.preprocess(
    shownText,
    z
      .string({ error: P.descriptionRequired })
      .trim()
      .min(1, { error: P.descriptionRequired })
      .max(LIMITS.property.descriptionMax, { error: P.descriptionTooLong }),
  ),
  paymentTerm: paymentTermSchema,
  price: z.preprocess(
    (v) => toNumberOrMissing(v),
    z.number({ error: (iss) => (iss.input === undefined ? P.priceRequired : P.mustBeNonNegative) }).min(0, {
      error: P.mustBeNonNegative,
    }),
  ),
  caution: optionalNumber({ min: 0, message: P.mustBeNonNegative }).transform((v) => v ?? 0),
  advanceMonths: advanceMonthsSchema,
  availability: z.preprocess(
    (v) => caseInsensitive(AVAILABILITIES)(emptyToUndefined(v)),
    z.enum(AVAILABILITIES, { error: P.availabilityInvalid }).default('available'),
  ),
  location: locationSchema,
  amenities: amenitiesSchema,
  specifications: specificationsSchema,
  /** Admins only: post on behalf of this user. */
  userId: z.preprocess(emptyToUndefined, z.string({ error: P.userIdInvalid }).trim().max(100, { error: P.userIdInvalid }).optional()),
};

function toNumberOrMissing(v: unknown): unknown {
  const e = emptyToUndefined(v);
  return typeof e === 'string' ? Number(e.trim().replace(/,/g, '')) : e;
}

function checkTypeInCategory(
  v: { category?: (typeof PROPERTY_CATEGORIES)[number]; propertyType?: (typeof PROPERTY_TYPES)[number] },
  ctx: z.RefinementCtx,
) {
  if (v.category && v.propertyType && !isTypeInCategory(v.category, v.propertyType)) {
    ctx.addIssue({ code: 'custom', message: P.typeNotInCategory, path: ['propertyType'] });
  }
}

/**
 * The specifications a category needs (residential: bedrooms, toilets and size; commercial:
 * sections and size; docs/api.md#posting-a-property), as `{ field, message }` for each one
 * missing. The post schema and the listings service's edit rule both judge with this.
 */
export function missingSpecifications(
  category: PropertyCategory,
  specifications: Partial<Record<SpecificationField, number | null | undefined>> | undefined,
): { field: SpecificationField; message: string }[] {
  return REQUIRED_SPECIFICATIONS[category]
    .filter((field) => specifications?.[field] == null)
    .map((field) => ({ field, message: P.specificationRequired[field] }));
}

function checkRequiredSpecifications(
  v: {
    category?: PropertyCategory;
    propertyType?: (typeof PROPERTY_TYPES)[number];
    specifications?: Partial<Record<SpecificationField, number | undefined>>;
  },
  ctx: z.RefinementCtx,
) {
  // Which fields are needed depends on the category, which a mismatched type puts in doubt.
  if (!v.category || (v.propertyType && !isTypeInCategory(v.category, v.propertyType))) return;
  for (const { field, message } of missingSpecifications(v.category, v.specifications)) {
    ctx.addIssue({ code: 'custom', message, path: ['specifications', field] });
  }
}

/** POST /api/property/post fields (multipart values, nested with `nestFormFields`). */
export const propertyPostSchema = z.preprocess(
  normalisePropertyInput,
  z.object(propertyFields).superRefine((v, ctx) => {
    checkTypeInCategory(v, ctx);
    checkRequiredSpecifications(v, ctx);
  }),
);
export type PropertyPostInput = z.output<typeof propertyPostSchema>;

/** Admin edit (`listings.admin.edit`): any subset of the post fields. */
export const propertyEditSchema = z.preprocess(
  normalisePropertyInput,
  z
    .object({
      category: propertyFields.category.optional(),
      propertyType: propertyFields.propertyType.optional(),
      title: propertyFields.title.optional(),
      description: propertyFields.description.optional(),
      paymentTerm: propertyFields.paymentTerm.optional(),
      price: propertyFields.price.optional(),
      caution: optionalNumber({ min: 0, message: P.mustBeNonNegative }),
      advanceMonths: advanceMonthsSchema,
      location: z
        .object({
          country: z.string().trim().min(1, { error: P.countryRequired }).max(60).optional(),
          town: requiredText(P.townRequired, 80).optional(),
          neighbourhood: requiredText(P.neighbourhoodRequired, 120).optional(),
          ...locationEditFields,
        })
        .optional(),
      amenities: z.preprocess(emptyToUndefined, amenitiesSchema.optional()),
      specifications: z.preprocess(emptyToUndefined, specificationsSchema.optional()),
    })
    .superRefine((v, ctx) => {
      checkTypeInCategory(v, ctx);
      if (Object.values(v).every((x) => x === undefined)) {
        ctx.addIssue({ code: 'custom', message: P.nothingToUpdate, path: [] });
      }
    }),
);
export type PropertyEditInput = z.output<typeof propertyEditSchema>;

/**
 * Turns flat multipart keys into nested objects: `location[town]` → `{ location: { town } }`.
 * Repeated keys become arrays. Pure, so both the gateway and tests can use it.
 */
export function nestFormFields(fields: Record<string, unknown> | Iterable<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const entries = isPlainRecord(fields)
    ? Object.entries(fields as Record<string, unknown>)
    : [...(fields as Iterable<[string, unknown]>)];
  for (const [rawKey, value] of entries) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    if (parts.length === 0 || parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node: Record<string, unknown> = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const key = parts[i];
      const next = node[key];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    if (last in node && !rawKey.endsWith('[]')) {
      const prev = node[last];
      node[last] = Array.isArray(prev) ? [...(prev as unknown[]), value] : [prev, value];
    } else if (rawKey.endsWith('[]')) {
      const prev = node[last];
      node[last] = Array.isArray(prev) ? [...(prev as unknown[]), value] : [value];
    } else {
      node[last] = value;
    }
  }
  return out;
}

function isPlainRecord(v: unknown): boolean {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

/**
 * `bbox` and `near` as the query string writes them, or as a parsed query carries them on to
 * listings (the gateway validates, then listings checks the same schema again): an object is
 * written back to its string, digits kept, so both sides apply one rule.
 */
function geoParam(keys: readonly string[]) {
  return (v: unknown): unknown => {
    if (typeof v === 'string') return emptyToUndefined(v);
    if (isPlainRecord(v)) {
      const r = v as Record<string, unknown>;
      if (keys.every((k) => typeof r[k] === 'number')) return keys.map((k) => String(r[k])).join(',');
    }
    return emptyToUndefined(v);
  };
}
const BOX_KEYS = ['west', 'south', 'east', 'north'] as const;
const NEAR_KEYS = ['lat', 'lng'] as const;
const optionalBbox = z.preprocess(geoParam(BOX_KEYS), bboxParamSchema.optional());
const requiredBbox = z.preprocess(geoParam(BOX_KEYS), bboxParamSchema);
const optionalNear = z.preprocess(geoParam(NEAR_KEYS), nearParamSchema.optional());

/** The filters a search and the map share (what the listings match, not how they are shown). */
const searchFilterFields = {
    search: z.preprocess(emptyToUndefined, z.string().trim().max(200, { error: MESSAGES.common.tooLong }).optional()),
    category: z.preprocess(
      (v) => (typeof v === 'string' && v.trim().toLowerCase() === 'all' ? undefined : emptyToUndefined(v)),
      categorySchema.optional(),
    ),
    propertyType: z.preprocess(
      (v) => (typeof v === 'string' && v.trim().toLowerCase() === 'all' ? undefined : emptyToUndefined(v)),
      propertyTypeSchema.optional(),
    ),
    town: z.preprocess(emptyToUndefined, z.string().trim().max(80, { error: MESSAGES.common.tooLong }).optional()),
    rooms: z.preprocess(
      (v) => (typeof v === 'string' && v.trim().toLowerCase() === 'any' ? undefined : v),
      optionalNumber({ min: LIMITS.rooms.min, max: LIMITS.rooms.max, int: true, message: P.roomsInvalid }),
    ),
    minPrice: optionalNumber({ min: 0, message: P.mustBeNonNegative }),
    maxPrice: optionalNumber({ min: 0, message: P.mustBeNonNegative }),
    // Only listings whose control staff checked (docs/api.md#what-was-checked): `true` or left out;
    // `false` is refused rather than read as "unchecked only", which nobody asked for.
    [CONTROL_CHECKED_PARAM]: z.preprocess(
      (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
      z.union([z.literal(true), z.literal('true').transform(() => true as const)], { error: P.controlCheckedInvalid }).optional(),
    ),
};

const priceRangeRule = {
  check: (q: { minPrice?: number; maxPrice?: number }) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice,
  params: { error: P.priceRangeInvalid, path: ['minPrice'] },
};

/** GET /api/properties/search query; empty strings and 'all' mean omitted. */
export const searchQuerySchema = z
  .object({
    ...searchFilterFields,
    // Listings whose approximate area centre is in the box (docs/maps.md); without a pin, never.
    bbox: optionalBbox,
    // From where `distanceKm` is measured on cards, and what `sort=distance` orders by.
    near: optionalNear,
    // Omitted (or empty) means newest first; the listings service applies that default.
    sort: z.preprocess(
      (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
      z.enum(SEARCH_SORTS, { error: P.sortInvalid }).optional(),
    ),
    page: pageSchema,
    limit: limitSchema(LIMITS.search.pageSize),
  })
  .refine(priceRangeRule.check, priceRangeRule.params)
  .refine((q) => q.sort !== 'distance' || q.near !== undefined, { error: MESSAGES.geo.distanceNeedsNear, path: ['sort'] });
export type SearchQuery = z.output<typeof searchQuerySchema>;

/**
 * GET /api/properties/map query: the search's filters and a required box (the map's visible
 * area); no text order, no pages (docs/api.md#search-by-area-and-the-map).
 */
export const mapQuerySchema = z
  .object({ ...searchFilterFields, bbox: requiredBbox })
  .refine(priceRangeRule.check, priceRangeRule.params);
export type MapQuery = z.output<typeof mapQuerySchema>;

/**
 * The key of a parsed search or map query for the answers kept in the gateway and in listings:
 * every field, in a fixed order, the box and the place written out in full (a replacer list would
 * also filter their inner keys and make every box one key); an omitted order is the default one,
 * so `sort=newest` and no sort share their answer.
 */
export function searchQueryKey(query: SearchQuery | MapQuery): string {
  const keyed: Record<string, unknown> = { ...query };
  // A search (it always has a page) has an order; the map has none.
  if ('page' in query) keyed.sort = query.sort ?? DEFAULT_SEARCH_SORT;
  if (query.bbox) keyed.bbox = [query.bbox.west, query.bbox.south, query.bbox.east, query.bbox.north].join(',');
  if ('near' in query && query.near) keyed.near = `${query.near.lat},${query.near.lng}`;
  return JSON.stringify(keyed, Object.keys(keyed).sort());
}

/** POST /api/property/my-listings */
export const myListingsSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('fetch'),
      payload: z
        .object({
          page: pageSchema,
          limit: limitSchema(LIMITS.myListings.defaultPageSize),
          status: statusFilter(PROPERTY_STATUSES),
        })
        .default({ page: 1, limit: LIMITS.myListings.defaultPageSize }),
    }),
    z.object({
      action: z.literal('update'),
      payload: z.object({
        id: idSchema,
        // A new status, or where the listing is (its pin and landmark), or both.
        data: z
          .object(
            {
              status: z.preprocess(emptyToUndefined, propertyStatusSchema.optional()),
              location: z.object(locationEditFields, { error: MESSAGES.geo.locationInvalid }).optional(),
            },
            { error: MESSAGES.common.invalidStatus },
          )
          .refine((d) => d.status !== undefined || d.location !== undefined, { error: MESSAGES.common.invalidStatus, path: ['status'] }),
      }, { error: MESSAGES.common.idRequired }),
    }),
    z.object({
      action: z.literal('delete'),
      payload: z.object({ id: idSchema }, { error: MESSAGES.common.idRequired }),
    }),
    // "Still available": restarts the listing's freshness clock (docs/api.md#fresh-listings).
    z.object({
      action: z.literal('confirm'),
      payload: z.object({ id: idSchema }, { error: MESSAGES.common.idRequired }),
    }),
  ],
  { error: MESSAGES.common.invalidAction },
);
export type MyListingsInput = z.output<typeof myListingsSchema>;
export type MyListingsAction = MyListingsInput['action'];

/** POST /api/property/confirm-availability: the one-time link's token from the reminder e-mail. */
export const availabilityTokenSchema = z.object(
  { token: z.string({ error: MESSAGES.freshness.linkInvalid }).trim().min(1, { error: MESSAGES.freshness.linkInvalid }).max(200, { error: MESSAGES.freshness.linkInvalid }) },
  { error: MESSAGES.freshness.linkInvalid },
);
export type AvailabilityTokenInput = z.output<typeof availabilityTokenSchema>;

const propertyIdPayload = z.object({ propertyId: idSchema }, { error: MESSAGES.common.idRequired });

/** POST /api/admin/manage/properties */
export const adminManagePropertiesSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('list'),
      payload: z
        .object({
          page: pageSchema,
          limit: limitSchema(LIMITS.admin.pageSize),
          status: statusFilter(PROPERTY_STATUSES),
          search: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
        })
        .default({ page: 1, limit: LIMITS.admin.pageSize }),
    }),
    ...ADMIN_PROPERTY_ACTIONS.map((a) => z.object({ type: z.literal(a), payload: propertyIdPayload })),
  ] as [z.ZodObject<{ type: z.ZodLiteral<'list'>; payload: z.ZodType }>, ...z.ZodObject<{ type: z.ZodLiteral<(typeof ADMIN_PROPERTY_ACTIONS)[number]>; payload: typeof propertyIdPayload }>[]],
  { error: MESSAGES.common.invalidType },
);
export type AdminManagePropertiesInput =
  | { type: 'list'; payload: { page: number; limit: number; status?: (typeof PROPERTY_STATUSES)[number]; search?: string } }
  | { type: (typeof ADMIN_PROPERTY_ACTIONS)[number]; payload: { propertyId: string } };

/** POST /api/admin/properties/{id}/review */
export const reviewSchema = z
  .object({
    action: z.preprocess(
      caseInsensitive(REVIEW_ACTIONS),
      z.enum(REVIEW_ACTIONS, { error: P.reviewActionInvalid }),
    ),
    feedback: z.preprocess(
      (v) => (v == null ? '' : shownText(v)),
      z.string({ error: P.rejectionReasonRequired }).trim().max(LIMITS.property.reviewFeedbackMax, { error: MESSAGES.common.tooLong }),
    ),
  })
  .superRefine((v, ctx) => {
    const problem = reviewDecisionProblem(v.action, v.feedback);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['feedback'] });
  });
export type ReviewInput = z.output<typeof reviewSchema>;

/** POST /api/admin/properties/{id}/photos/review: every held photo unless `imageIds` names some. */
export const photoReviewSchema = z.object({
  action: z.preprocess(caseInsensitive(PHOTO_REVIEW_ACTIONS), z.enum(PHOTO_REVIEW_ACTIONS, { error: P.photoReviewActionInvalid })),
  imageIds: z.array(idSchema, { error: MESSAGES.common.invalidId }).max(LIMITS.images.maxCount, { error: P.maxImages }).optional(),
});
export type PhotoReviewInput = z.output<typeof photoReviewSchema>;

/** POST /api/property/bookings */
export const bookingSchema = z.object({
  To: z.object(
    {
      user: idSchema.pipe(z.string().min(1, { error: MESSAGES.booking.ownerIdRequired })),
      name: z.preprocess((v) => (v == null ? '' : v), z.string({ error: MESSAGES.booking.ownerRequired }).trim().max(100)),
      whatsapp: whatsappSchema(MESSAGES.booking.ownerRequired),
    },
    { error: MESSAGES.booking.ownerRequired },
  ),
  propertyId: z.preprocess(emptyToUndefined, idSchema.optional()),
});
export type BookingInput = z.output<typeof bookingSchema>;

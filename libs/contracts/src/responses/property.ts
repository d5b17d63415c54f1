import { z } from 'zod';
import { AMENITIES, LISTING_TEXT_FLAGS, PAYMENT_TERMS, PROPERTY_CATEGORIES, PROPERTY_STATUSES, PROPERTY_TYPES, REVIEW_STATES } from '../property.js';
import { component, isoDateSchema } from './components.js';
import { listMetaSchema } from './common.js';
import { CONTROL_KINDS, type ListingChecks } from '../verification.js';

/** A count or measure that may be unknown. */
const maybeNumber = z.number().nullable();

/** The point of a pin or of the area's centre, in degrees. */
export const geoPointSchema = z.object({ lat: z.number(), lng: z.number() });

/**
 * Where a property is (docs/api.md#where-it-is). `landmark` and `area` are public, present only
 * when the owner gave them; `area` is a circle around the exact pin moved by a fixed per-listing
 * offset. `pin`, the exact position, is only in the owner's own answers (My Listings, the post
 * answer) and staff's (admin property read and edit): null there when there is none, and never in
 * any other answer, page, search document, sitemap or event.
 */
export const propertyLocationSchema = z.object({
  country: z.string(),
  town: z.string(),
  neighbourhood: z.string(),
  landmark: z.string().optional(),
  area: z.object({ lat: z.number(), lng: z.number(), radiusM: z.number() }).optional(),
  pin: geoPointSchema.nullable().optional(),
});

export const propertySpecificationsSchema = z.object({
  bedrooms: maybeNumber,
  toilets: maybeNumber,
  kitchens: maybeNumber,
  livingRooms: maybeNumber,
  /** Square meters. */
  size: maybeNumber,
  /** Minutes (residential) or meters (commercial form); stored as entered. */
  distanceFromRoad: maybeNumber,
  sections: maybeNumber,
});

export const propertyImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /**
   * Only for the listing's owner and staff, on a photo added after staff approved the listing: the
   * public does not see it until staff accept it (docs/api.md#adding-photos-to-a-listing). `id` names
   * it in the admin photo review.
   */
  awaitingReview: z.literal(true).optional(),
  id: z.string().optional(),
});

export const propertyAuthorSchema = z.object({ _id: z.string(), name: z.string(), email: z.string(), whatsapp: z.string() });

export const propertyReviewSchema = z.object({
  state: z.enum(REVIEW_STATES),
  feedback: z.string(),
  reviewedAt: isoDateSchema.optional(),
  reviewerId: z.string().optional(),
});

/**
 * "Who you are dealing with" on the details page: what renters may know of the owner, and nothing
 * more (no e-mail or phone beyond `author`'s). Only in the details answer, once the owner is known.
 */
export const propertyOwnerCardSchema = z.object({
  /** The first word of the owner's name. */
  firstName: z.string(),
  /** Checked by our team (the account's `isVerified`). */
  verified: z.boolean(),
  /** When the account was created; null when listings does not know it yet. */
  memberSince: isoDateSchema.nullable(),
  /** The owner's listings the public sees now (this one included when it is public). */
  activeListings: z.number().int().min(0),
});

/**
 * What a renter is told was checked about a listing (docs/api.md#what-was-checked), on every card
 * and details answer. About the person who answers for the listing (its owner account) and, for
 * `control`, this property. Separate from `isVerified` (staff's Verify on the account).
 */
export const listingChecksSchema = component(
  z.object({
    /** The WhatsApp number on the contact button was proven with a code sent to it. */
    numberConfirmed: z.boolean(),
    /** Staff checked an identity document of that person. */
    identityChecked: z.boolean(),
    /** Staff checked a proof that this person controls this property: 'owner' (a bill, deed or lease in their name), 'caretaker' (the owner's signed mandate), or null. */
    // One enum with null in it: OpenAPI 3.0's `nullable` beside an `enum` would not let null through.
    control: z.literal([...CONTROL_KINDS, null]),
  }),
  'ListingChecks',
  'What our team checked about a listing and the person who answers for it (docs/api.md#what-was-checked)',
);

// The schema and the contract's interface are one shape.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const listingChecksMatch: SameShape<z.infer<typeof listingChecksSchema>, ListingChecks> = true;
void listingChecksMatch;

/** What renters see as the usual price of such a place (docs/api.md#prices-that-look-wrong). */
export const typicalPriceSchema = z.object({
  /** Median of the comparable public listings, whole FCFA per `term`. */
  amount: z.number(),
  term: z.enum(['monthly', 'daily']),
  comparables: z.number().int(),
  town: z.string(),
  propertyType: z.enum(PROPERTY_TYPES),
});

/** A property as every /api response shows it (docs/api.md#shapes-user-property-lists). */
export const propertyReadSchema = component(
  z.object({
    _id: z.string(),
    id: z.string(),
    title: z.string(),
    description: z.string(),
    price: z.number(),
    /** Both names carry the same value: answers carry `paymentTerms`, posts send `paymentTerm`. */
    paymentTerms: z.enum(PAYMENT_TERMS),
    paymentTerm: z.enum(PAYMENT_TERMS),
    town: z.string(),
    neighbourhood: z.string(),
    location: propertyLocationSchema,
    category: z.enum(PROPERTY_CATEGORIES),
    propertyType: z.enum(PROPERTY_TYPES),
    caution: z.number(),
    /** Months of rent due before moving in, 0 to 24 (rules/move-in-cost.ts). */
    advanceMonths: z.number().int(),
    status: z.enum(PROPERTY_STATUSES),
    isVerified: z.boolean(),
    thumbnail: z.string().nullable(),
    propertyImages: z.array(propertyImageSchema),
    amenities: z.array(z.enum(AMENITIES)),
    specifications: propertySpecificationsSchema,
    createdAt: isoDateSchema,
    updatedAt: isoDateSchema.optional(),
    author: propertyAuthorSchema,
    review: propertyReviewSchema.optional(),
    /** Bookings received: My Listings and the admin property screens only. */
    contactCount: z.number().int().optional(),
    /** Only in the details answer (GET /api/properties/{id}); null with too few comparable listings. */
    typicalPrice: typicalPriceSchema.nullable().optional(),
    /**
     * When the owner last said it is still available (posting, confirming, marking it rented or
     * available): in the details answer and My Listings. Unconfirmed for 45 days, it leaves search.
     */
    availabilityConfirmedAt: isoDateSchema.optional(),
    /** In the details answer (`GET /api/properties/{id}`) only. */
    owner: propertyOwnerCardSchema.optional(),
    /** What our team checked (docs/api.md#what-was-checked): on every answer, cards and details alike. */
    checks: listingChecksSchema,
    /**
     * Search cards only, when the search gave `near=lat,lng` and the listing has a pin: kilometres
     * (one decimal) from there to the approximate area's centre, never to the pin.
     */
    distanceKm: z.number().min(0).optional(),
  }),
  'PropertyRead',
  'A property, the only shape a property is answered in (docs/api.md#shapes-user-property-lists)',
);

/** What confirming through the reminder e-mail's one-time link answers (no session: only what the page shows). */
export const availabilityConfirmedReplySchema = z.object({ propertyId: z.string(), title: z.string(), availabilityConfirmedAt: isoDateSchema });

/** POST /api/property/confirm-availability answer. */
export const availabilityConfirmedResponseSchema = z.object({ message: z.string(), data: availabilityConfirmedReplySchema });

/** GET /api/properties/{id}/similar answer: up to 6 public listings like it, closest first (docs/api.md#similar-listings). */
export const similarListingsResponseSchema = z.object({ properties: z.array(propertyReadSchema).max(6) });

/** GET /api/properties/search answer. */
export const searchResponseSchema = z.object({
  properties: z.array(propertyReadSchema),
  /** Exact, unless `totalIsLowerBound`: then at least this many match. */
  total: z.number().int().min(0),
  /**
   * True when more than LIMITS.search.exactCountUpTo matched and `total` is that cap, not the exact
   * count. Listings always sends it; absent (an older replica, a test stub) means exact.
   */
  totalIsLowerBound: z.boolean().optional(),
  page: z.number().int().min(1),
  /** ceil(total / limit): with `totalIsLowerBound`, the pages the count reached. */
  totalPages: z.number().int().min(1),
});

/** One listing on the map: its approximate area's centre (never the pin) and its price. */
export const mapPointSchema = z.object({
  id: z.string(),
  lat: z.number(),
  lng: z.number(),
  price: z.number(),
  paymentTerm: z.enum(PAYMENT_TERMS),
});

/** GET /api/properties/map answer (docs/api.md#search-by-area-and-the-map). */
export const mapResponseSchema = z.object({
  /** At most GEO.mapPoints, newest first when there were more. */
  points: z.array(mapPointSchema),
  /** The listings in the box matching the filters (exact). */
  total: z.number().int().min(0),
  /** More matched than `points` holds: the map asks to zoom in. */
  truncated: z.boolean(),
});

/** POST /api/property/post answer. */
export const postPropertyResponseSchema = z.object({ message: z.string(), property: propertyReadSchema, id: z.string(), _id: z.string() });

/** POST /api/admin/properties/{id}/photos/review: the held photos accepted or refused (docs/api.md#adding-photos-to-a-listing). */
export const photoReviewResponseSchema = z.object({
  message: z.string(),
  /** How many held photos the decision took. */
  decided: z.number().int().min(1),
  property: propertyReadSchema,
});

/** POST /api/properties/{id}/photos: the listing with its photos, the new ones last. */
export const addPhotosResponseSchema = z.object({ message: z.string(), property: propertyReadSchema });

/** my-listings `fetch` answer. */
export const myListingsFetchResponseSchema = z.object({ data: z.array(propertyReadSchema), meta: listMetaSchema });

/** my-listings `update` (and `confirm`) answer. */
export const myListingsUpdateResponseSchema = z.object({ message: z.string(), data: propertyReadSchema });

/** my-listings `delete` answer. */
export const myListingsDeleteResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.string() }) });

/** POST /api/property/my-listings: the answer of whichever action was asked. */
export const myListingsResponseSchema = z.union([myListingsFetchResponseSchema, myListingsUpdateResponseSchema, myListingsDeleteResponseSchema]);

/** Empty when the listing's text asks for nothing suspicious (docs/api.md#money-asked-before-a-visit). Staff only. */
export const listingTextFlagsSchema = z.array(z.enum(LISTING_TEXT_FLAGS));

/** A property in the admin list: the public shape plus its text flags. */
export const adminPropertyListItemSchema = propertyReadSchema.extend({ textFlags: listingTextFlagsSchema });

/** Admin manage/properties list answer. */
export const adminPropertyListResponseSchema = z.object({ properties: z.array(adminPropertyListItemSchema) }).extend(listMetaSchema.shape);

/**
 * A photo of the property that is (nearly) the same picture as a photo of another owner's
 * listing posted before it: the sign of a scammer copying a real listing (docs/api.md#admin).
 */
export const photoMatchSchema = z.object({
  /** This property's photo (large variant). */
  imageUrl: z.string(),
  matchedPropertyId: z.string(),
  matchedPropertyTitle: z.string(),
  /** The other listing's photo (large variant). */
  matchedImageUrl: z.string(),
  /** Hamming distance of the two photos' 64-bit hashes: 0 = identical, up to the match threshold. */
  distance: z.number().int().min(0),
});

/**
 * How a listing's price compares with the median of comparable public listings (docs/api.md#prices-that-look-wrong):
 * same town and type, prices per month (per day for daily stays). Amounts in whole FCFA per `term`.
 */
export const priceCheckSchema = z.object({
  /** What the amounts are per: `monthly` (monthly, quarterly and yearly prices as monthly equivalents) or `daily`. */
  term: z.enum(['monthly', 'daily']),
  /** This listing's price per `term`. */
  price: z.number(),
  median: z.number(),
  /** Comparable public listings, this one not counted. */
  comparables: z.number().int(),
  /** price ÷ median, e.g. 0.27. */
  ratio: z.number(),
  /** Far below the usual price: staff should look twice before approving. */
  flagged: z.boolean(),
});

/** The admin read of a property: the public shape plus what the review screen needs. */
export const adminPropertyReadSchema = propertyReadSchema.extend({
  /** Empty when no photo matches another owner's earlier listing. */
  photoMatches: z.array(photoMatchSchema),
  /** Null while there are too few comparable listings to say. */
  priceCheck: priceCheckSchema.nullable(),
  /** What the title and description ask for that staff should look at; empty when nothing. */
  textFlags: listingTextFlagsSchema,
});

/** GET /api/admin/properties/{id} answer. */
export const adminPropertyResponseSchema = z.object({ property: adminPropertyReadSchema });

/** A recorded contact of an owner by a renter. */
export const bookingRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  propertyId: z.string().nullable(),
  renterId: z.string(),
  To: z.object({ user: z.string(), name: z.string(), whatsapp: z.string() }),
  createdAt: isoDateSchema,
});

export const bookingResponseSchema = z.object({ message: z.string(), booking: bookingRecordSchema });

/** Admin manage/properties status change and PATCH /api/admin/properties/{id} answers. */
export const adminPropertyChangeResponseSchema = z.object({ message: z.string(), property: propertyReadSchema });

/** POST /api/admin/manage/properties: the list, or a status change. */
export const adminManagePropertiesResponseSchema = z.union([adminPropertyListResponseSchema, adminPropertyChangeResponseSchema]);

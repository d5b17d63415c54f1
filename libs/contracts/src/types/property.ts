import type { z } from 'zod';
import type {
  addPhotosResponseSchema,
  adminPropertyChangeResponseSchema,
  adminPropertyListItemSchema,
  adminPropertyListResponseSchema,
  adminPropertyReadSchema,
  adminPropertyResponseSchema,
  availabilityConfirmedReplySchema,
  bookingRecordSchema,
  bookingResponseSchema,
  mapPointSchema,
  mapResponseSchema,
  myListingsDeleteResponseSchema,
  myListingsFetchResponseSchema,
  myListingsUpdateResponseSchema,
  photoMatchSchema,
  photoReviewResponseSchema,
  postPropertyResponseSchema,
  priceCheckSchema,
  propertyAuthorSchema,
  propertyImageSchema,
  propertyLocationSchema,
  propertyOwnerCardSchema,
  propertyReadSchema,
  propertyReviewSchema,
  propertySpecificationsSchema,
  searchResponseSchema,
  similarListingsResponseSchema,
  typicalPriceSchema,
} from '../responses/property.js';

/** Every answer shape below is the type of its zod schema in responses/property.ts (the OpenAPI document is built from those), so the two cannot drift. */
export type PropertyLocation = z.infer<typeof propertyLocationSchema>;

export type PropertySpecifications = z.infer<typeof propertySpecificationsSchema>;

export type PropertyImage = z.infer<typeof propertyImageSchema>;

export type PropertyAuthor = z.infer<typeof propertyAuthorSchema>;

export type PropertyReview = z.infer<typeof propertyReviewSchema>;

/**
 * "Who you are dealing with" on the details page: what renters may know of the owner, and nothing
 * more (no e-mail or phone beyond `author`'s). Only in the details answer, once the owner is known.
 */
export type PropertyOwnerCard = z.infer<typeof propertyOwnerCardSchema>;

/** A property as every /api response shows it (docs/api.md#shapes-user-property-lists). */
export type PropertyRead = z.infer<typeof propertyReadSchema>;

/** What confirming through the reminder e-mail's one-time link answers (no session: only what the page shows). */
export type AvailabilityConfirmedReply = z.infer<typeof availabilityConfirmedReplySchema>;

/** GET /api/properties/{id}/similar answer: up to 6 public listings like it, closest first (docs/api.md#similar-listings). */
export type SimilarListingsResponse = z.infer<typeof similarListingsResponseSchema>;

/** GET /api/properties/search answer. */
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** One listing on the map: its approximate area's centre and its price. */
export type MapPoint = z.infer<typeof mapPointSchema>;

/** GET /api/properties/map answer. */
export type MapResponse = z.infer<typeof mapResponseSchema>;

/** POST /api/property/post answer. */
export type PostPropertyResponse = z.infer<typeof postPropertyResponseSchema>;

/** POST /api/properties/{id}/photos answer. */
export type AddPhotosResponse = z.infer<typeof addPhotosResponseSchema>;
export type PhotoReviewResponse = z.infer<typeof photoReviewResponseSchema>;

/** my-listings `fetch` answer. */
export type MyListingsFetchResponse = z.infer<typeof myListingsFetchResponseSchema>;

/** my-listings `update` answer. */
export type MyListingsUpdateResponse = z.infer<typeof myListingsUpdateResponseSchema>;

/** my-listings `delete` answer. */
export type MyListingsDeleteResponse = z.infer<typeof myListingsDeleteResponseSchema>;

/** A property in the admin list: the public shape plus its text flags (staff only). */
export type AdminPropertyListItem = z.infer<typeof adminPropertyListItemSchema>;

/** Admin manage/properties list answer. */
export type AdminPropertyListResponse = z.infer<typeof adminPropertyListResponseSchema>;

/**
 * A photo of the property that is (nearly) the same picture as a photo of another owner's
 * listing posted before it: the sign of a scammer copying a real listing (docs/api.md#admin).
 */
export type PhotoMatch = z.infer<typeof photoMatchSchema>;

/**
 * How a listing's price compares with the median of comparable public listings (docs/api.md#prices-that-look-wrong):
 * same town and type, prices per month (per day for daily stays). Amounts in whole FCFA per `term`.
 */
export type PriceCheck = z.infer<typeof priceCheckSchema>;

/** What renters see as the usual price of such a place (docs/api.md#prices-that-look-wrong). */
export type TypicalPrice = z.infer<typeof typicalPriceSchema>;

/** The admin read of a property: the public shape plus what the review screen needs. */
export type AdminPropertyRead = z.infer<typeof adminPropertyReadSchema>;

/** GET /api/admin/properties/{id} answer. */
export type AdminPropertyResponse = z.infer<typeof adminPropertyResponseSchema>;

/** A recorded contact of an owner by a renter. */
export type Booking = z.infer<typeof bookingRecordSchema>;

export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/** Admin manage/properties status change and PATCH /api/admin/properties/{id} answers. */
export type AdminPropertyChangeResponse = z.infer<typeof adminPropertyChangeResponseSchema>;

import type {
  Amenity,
  PaymentTerm,
  PropertyCategory,
  PropertyStatus,
  PropertyType,
  ReviewState,
} from '../property.js';
import type { IsoDateString, ListMeta } from './common.js';

export interface PropertyLocation {
  country: string;
  town: string;
  neighbourhood: string;
}

export interface PropertySpecifications {
  bedrooms: number | null;
  toilets: number | null;
  kitchens: number | null;
  livingRooms: number | null;
  /** Square meters. */
  size: number | null;
  /** Minutes (residential) or meters (commercial form); stored as entered. */
  distanceFromRoad: number | null;
  sections: number | null;
}

export interface PropertyImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

export interface PropertyAuthor {
  _id: string;
  name: string;
  email: string;
  whatsapp: string;
}

export interface PropertyReview {
  state: ReviewState;
  feedback: string;
  reviewedAt?: IsoDateString;
  reviewerId?: string;
}

/**
 * "Who you are dealing with" on the details page: what renters may know of the owner, and nothing
 * more (no e-mail or phone beyond `author`'s). Only in the details answer, once the owner is known.
 */
export interface PropertyOwnerCard {
  /** The first word of the owner's name. */
  firstName: string;
  /** Checked by our team (the account's `isVerified`). */
  verified: boolean;
  /** When the account was created; null when listings does not know it yet. */
  memberSince: IsoDateString | null;
  /** The owner's listings the public sees now (this one included when it is public). */
  activeListings: number;
}

/** A property as every /api response shows it (docs/api.md#shapes-user-property-lists). */
export interface PropertyRead {
  _id: string;
  id: string;
  title: string;
  description: string;
  price: number;
  /** Both names carry the same value: answers carry `paymentTerms`, posts send `paymentTerm`. */
  paymentTerms: PaymentTerm;
  paymentTerm: PaymentTerm;
  town: string;
  neighbourhood: string;
  location: PropertyLocation;
  category: PropertyCategory;
  propertyType: PropertyType;
  caution: number;
  /** Months of rent due before moving in, 0 to 24 (rules/move-in-cost.ts). */
  advanceMonths: number;
  status: PropertyStatus;
  isVerified: boolean;
  thumbnail: string | null;
  propertyImages: PropertyImage[];
  amenities: Amenity[];
  specifications: PropertySpecifications;
  createdAt: IsoDateString;
  updatedAt?: IsoDateString;
  author: PropertyAuthor;
  review?: PropertyReview;
  contactCount?: number;
  /** Only in the details answer (GET /api/properties/{id}); null with too few comparable listings. */
  typicalPrice?: TypicalPrice | null;
  /**
   * When the owner last said it is still available (posting, confirming, marking it rented or
   * available): in the details answer and My Listings. Unconfirmed for 45 days, it leaves search.
   */
  availabilityConfirmedAt?: IsoDateString;
  /** In the details answer (`GET /api/properties/{id}`) only. */
  owner?: PropertyOwnerCard;
}

/** What confirming through the reminder e-mail's one-time link answers (no session: only what the page shows). */
export interface AvailabilityConfirmedReply {
  propertyId: string;
  title: string;
  availabilityConfirmedAt: IsoDateString;
}

/** GET /api/properties/{id}/similar answer: up to 6 public listings like it, closest first (docs/api.md#similar-listings). */
export interface SimilarListingsResponse {
  properties: PropertyRead[];
}

/** GET /api/properties/search answer. */
export interface SearchResponse {
  properties: PropertyRead[];
  /** Exact, unless `totalIsLowerBound`: then at least this many match. */
  total: number;
  /**
   * True when more than LIMITS.search.exactCountUpTo matched and `total` is that cap, not the exact
   * count. Listings always sends it; absent (an older replica, a test stub) means exact.
   */
  totalIsLowerBound?: boolean;
  page: number;
  /** ceil(total / limit): with `totalIsLowerBound`, the pages the count reached. */
  totalPages: number;
}

/** POST /api/property/post answer. */
export interface PostPropertyResponse {
  message: string;
  property: PropertyRead;
  id: string;
  _id: string;
}

/** my-listings `fetch` answer. */
export interface MyListingsFetchResponse {
  data: PropertyRead[];
  meta: ListMeta;
}

/** my-listings `update` answer. */
export interface MyListingsUpdateResponse {
  message: string;
  data: PropertyRead;
}

/** my-listings `delete` answer. */
export interface MyListingsDeleteResponse {
  message: string;
  data: { id: string };
}

/** Admin manage/properties list answer. */
export interface AdminPropertyListResponse {
  properties: PropertyRead[];
  total: number;
  page: number;
  totalPages: number;
}

/**
 * A photo of the property that is (nearly) the same picture as a photo of another owner's
 * listing posted before it: the sign of a scammer copying a real listing (docs/api.md#admin).
 */
export interface PhotoMatch {
  /** This property's photo (large variant). */
  imageUrl: string;
  matchedPropertyId: string;
  matchedPropertyTitle: string;
  /** The other listing's photo (large variant). */
  matchedImageUrl: string;
  /** Hamming distance of the two photos' 64-bit hashes: 0 = identical, up to the match threshold. */
  distance: number;
}

/**
 * How a listing's price compares with the median of comparable public listings (docs/api.md#prices-that-look-wrong):
 * same town and type, prices per month (per day for daily stays). Amounts in whole FCFA per `term`.
 */
export interface PriceCheck {
  /** What the amounts are per: `monthly` (monthly, quarterly and yearly prices as monthly equivalents) or `daily`. */
  term: 'monthly' | 'daily';
  /** This listing's price per `term`. */
  price: number;
  median: number;
  /** Comparable public listings, this one not counted. */
  comparables: number;
  /** price ÷ median, e.g. 0.27. */
  ratio: number;
  /** Far below the usual price: staff should look twice before approving. */
  flagged: boolean;
}

/** What renters see as the usual price of such a place (docs/api.md#prices-that-look-wrong). */
export interface TypicalPrice {
  /** Median of the comparable public listings, whole FCFA per `term`. */
  amount: number;
  term: 'monthly' | 'daily';
  comparables: number;
  town: string;
  propertyType: PropertyType;
}

/** The admin read of a property: the public shape plus what the review screen needs. */
export interface AdminPropertyRead extends PropertyRead {
  /** Empty when no photo matches another owner's earlier listing. */
  photoMatches: PhotoMatch[];
  /** Null while there are too few comparable listings to say. */
  priceCheck: PriceCheck | null;
}

/** GET /api/admin/properties/{id} answer. */
export interface AdminPropertyResponse {
  property: AdminPropertyRead;
}

/** A recorded contact of an owner by a renter. */
export interface Booking {
  _id: string;
  id: string;
  propertyId: string | null;
  renterId: string;
  To: { user: string; name: string; whatsapp: string };
  createdAt: IsoDateString;
}

export interface BookingResponse {
  message: string;
  booking: Booking;
}

/** Admin manage/properties status change and PATCH /api/admin/properties/{id} answers. */
export interface AdminPropertyChangeResponse {
  message: string;
  property: PropertyRead;
}

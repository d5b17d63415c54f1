import { CONTROL_CHECKED_PARAM } from './verification.js';

export const PROPERTY_CATEGORIES = ['residential', 'commercial'] as const;
export type PropertyCategory = (typeof PROPERTY_CATEGORIES)[number];
export const CATEGORY_LABELS: Readonly<Record<PropertyCategory, string>> = {
  residential: 'Residential',
  commercial: 'Commercial',
};

/** Values exactly as on the wire (docs/api.md#values; two residential values carry capitals and a space). */
export const RESIDENTIAL_PROPERTY_TYPES = [
  'Single Room',
  'Guest House',
  'studio',
  'apartment',
  'duplex',
  'bungalow',
] as const;
export const COMMERCIAL_PROPERTY_TYPES = ['office', 'shop', 'warehouse', 'container'] as const;
export const PROPERTY_TYPES = [...RESIDENTIAL_PROPERTY_TYPES, ...COMMERCIAL_PROPERTY_TYPES] as const;
export type ResidentialPropertyType = (typeof RESIDENTIAL_PROPERTY_TYPES)[number];
export type CommercialPropertyType = (typeof COMMERCIAL_PROPERTY_TYPES)[number];
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_TYPES_BY_CATEGORY: Readonly<{
  residential: readonly ResidentialPropertyType[];
  commercial: readonly CommercialPropertyType[];
}> = { residential: RESIDENTIAL_PROPERTY_TYPES, commercial: COMMERCIAL_PROPERTY_TYPES };

export const PROPERTY_TYPE_LABELS: Readonly<Record<PropertyType, string>> = {
  'Single Room': 'Single Room',
  'Guest House': 'Guest House',
  studio: 'Studio',
  apartment: 'Apartment',
  duplex: 'Duplex',
  bungalow: 'Bungalow',
  office: 'Office',
  shop: 'Shop',
  warehouse: 'Warehouse',
  container: 'Container',
};

export function isPropertyType(value: unknown): value is PropertyType {
  return typeof value === 'string' && (PROPERTY_TYPES as readonly string[]).includes(value);
}

export function categoryOfType(type: PropertyType): PropertyCategory {
  return (RESIDENTIAL_PROPERTY_TYPES as readonly string[]).includes(type) ? 'residential' : 'commercial';
}

export function isTypeInCategory(category: PropertyCategory, type: string): boolean {
  return (PROPERTY_TYPES_BY_CATEGORY[category] as readonly string[]).includes(type);
}

export const AMENITIES = [
  'water',
  'electricity',
  'internet',
  'parking',
  'security',
  'furnished',
  'ac',
  'balcony',
  'swimming_pool',
  'gym',
] as const;
export type Amenity = (typeof AMENITIES)[number];
export const AMENITY_LABELS: Readonly<Record<Amenity, string>> = {
  water: 'Water',
  electricity: 'Electricity',
  internet: 'Internet',
  parking: 'Parking',
  security: 'Security',
  furnished: 'Furnished',
  ac: 'Air Conditioning',
  balcony: 'Balcony',
  swimming_pool: 'Swimming Pool',
  gym: 'Gym',
};

export const PAYMENT_TERMS = ['daily', 'monthly', 'quarterly', 'yearly'] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];
export const PAYMENT_TERM_LABELS: Readonly<Record<PaymentTerm, string>> = {
  daily: 'Daily',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};
/** Short unit used after a price: '25,000 FCFA/month'. */
export const PAYMENT_TERM_UNITS: Readonly<Record<PaymentTerm, string>> = {
  daily: 'day',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
};

/**
 * The orders a search can be shown in (GET /api/properties/search `sort=`). Prices are compared by
 * their monthly equivalent (rules/move-in-cost.ts MONTHLY_EQUIVALENT), so a daily, a monthly and a
 * yearly price line up fairly. `newest` is the default and the order searches always had. `distance`
 * needs `near=lat,lng`: nearest area centre first, listings without a pin last (docs/maps.md).
 */
export const SEARCH_SORTS = ['newest', 'price-asc', 'price-desc', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SEARCH_SORT: SearchSort = 'newest';

/**
 * The query parameters of the home page's address that change what it shows (its search text,
 * filters and order), in the order its canonical address writes them (gateway
 * static/page-addresses.ts). Any other parameter (tracking, a typo) is the same page.
 */
export const HOME_PAGE_PARAMETERS = ['search', 'category', 'propertyType', 'town', 'rooms', 'minPrice', 'maxPrice', CONTROL_CHECKED_PARAM, 'sort'] as const;
export type HomePageParameter = (typeof HOME_PAGE_PARAMETERS)[number];

export const PROPERTY_STATUSES = ['available', 'rented', 'deactivated'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
export const PROPERTY_STATUS_LABELS: Readonly<Record<PropertyStatus, string>> = {
  available: 'Available',
  rented: 'Rented',
  deactivated: 'Deactivated',
};
/** Availability chosen when posting (docs/api.md#values). */
export const AVAILABILITIES = ['available', 'rented'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export type BadgeColor = 'green' | 'yellow' | 'red' | 'gray';
export const PROPERTY_STATUS_COLORS: Readonly<Record<PropertyStatus, BadgeColor>> = {
  available: 'green',
  rented: 'yellow',
  deactivated: 'red',
};

export function isPropertyStatus(value: unknown): value is PropertyStatus {
  return typeof value === 'string' && (PROPERTY_STATUSES as readonly string[]).includes(value);
}

/** Admin property actions (`manage/properties`, docs/api.md#admin); what each requires and produces: rules/property-status.ts. */
export const ADMIN_PROPERTY_ACTIONS = ['markRented', 'markAvailable', 'deactivate', 'activate'] as const;
export type AdminPropertyAction = (typeof ADMIN_PROPERTY_ACTIONS)[number];

/** My Listings status filter values ('all' means omitted). */
export const MY_LISTINGS_STATUS_FILTERS = ['all', ...PROPERTY_STATUSES] as const;

export const REVIEW_ACTIONS = ['approve', 'reject'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** Staff's decision on photos an owner added after the listing was approved (docs/api.md#adding-photos-to-a-listing). */
export const PHOTO_REVIEW_ACTIONS = ['accept', 'refuse'] as const;
export type PhotoReviewAction = (typeof PHOTO_REVIEW_ACTIONS)[number];
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REQUEST_STATUSES = ['searching', 'match-found', 'contacted'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_STATUS_LABELS: Readonly<Record<RequestStatus, string>> = {
  searching: 'Searching',
  'match-found': 'Match Found',
  contacted: 'Contacted',
};

export const TICKET_STATUSES = ['pending', 'in-progress', 'completed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  completed: 'Completed',
};

export const SPECIFICATION_FIELDS = [
  'bedrooms',
  'toilets',
  'kitchens',
  'livingRooms',
  'size',
  'distanceFromRoad',
  'sections',
] as const;
export type SpecificationField = (typeof SPECIFICATION_FIELDS)[number];
/** Specification fields the post wizard's step 3 and the server require per category. */
export const REQUIRED_SPECIFICATIONS: Readonly<Record<PropertyCategory, readonly SpecificationField[]>> = {
  residential: ['bedrooms', 'toilets', 'size'],
  commercial: ['sections', 'size'],
};

/**
 * What a listing's own title and description give away to staff (docs/api.md#money-asked-before-a-visit):
 * a visit fee asked, money asked before a visit, a phone number other than the owner's WhatsApp.
 * Worked out by the listings service at posting and at each edit of the text; only staff read them.
 */
export const LISTING_TEXT_FLAGS = ['visit-fee', 'pay-before-visit', 'other-phone'] as const;
export type ListingTextFlag = (typeof LISTING_TEXT_FLAGS)[number];

// What the search index holds for one property, and how the indexer builds it. Which properties
// it holds at all: rules/visibility.ts.
import { foldTown, MONTHLY_EQUIVALENT, PAYMENT_TERMS, type ControlKind, type GeoPoint, type PaymentTerm } from '@mboa/contracts';
import { listingChecksOf } from '../rules/listing-checks.js';

/** One publicly visible property as the search index stores it: every field a search card shows. */
export interface SearchDocument {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  category: string;
  propertyType: string;
  paymentTerm: string;
  price: number;
  /**
   * The price per month (a day ×30, a quarter ÷3, a year ÷12): what the price orders compare, so
   * terms line up fairly. Not rounded: rounding would tie prices that differ.
   */
  monthlyPrice: number;
  caution: number;
  country: string;
  town: string;
  neighbourhood: string;
  /** Bedrooms (residential) or sections (commercial): what the `rooms` filter compares. */
  rooms: number | null;
  bedrooms: number | null;
  toilets: number | null;
  kitchens: number | null;
  livingRooms: number | null;
  size: number | null;
  distanceFromRoad: number | null;
  sections: number | null;
  amenities: string[];
  thumbnailUrl: string | null;
  imageCount: number;
  /**
   * How staff checked who controls the property (rules/listing-checks.ts), null while unchecked: what
   * the `controlChecked` filter keeps. Cards are drawn from the database, so the other checks (about
   * the owner) need no copy here.
   */
  controlKind: ControlKind | null;
  /**
   * The approximate area's centre (rules/approximate-area.ts), null without a pin: what a box
   * filters and a distance orders by. Never the exact pin: the index answers the public.
   */
  area: GeoPoint | null;
  /** ISO 8601. */
  createdAt: string;
  /** The property's version this document was built from: an older one never replaces a newer one. */
  version: number;
  /** ISO 8601: the property's updatedAt at that version. */
  sourceUpdatedAt: string;
}

/** A search result: the stored document (no joins needed), with its relevance when text was searched. */
export interface SearchHit extends SearchDocument {
  score: number | null;
  /** Kilometres from the query's `near` to the area's centre (contracts distanceKm); absent without either. */
  distanceKm?: number;
}

/** The property fields the indexer reads (the listings Property row with its images, or an event payload). */
export interface IndexableProperty {
  id: string;
  ownerId: string;
  /** A PropertyCategory, typed wide because event payloads carry it as text. */
  category: string;
  propertyType: string;
  title: string;
  description: string;
  price: number;
  caution: number;
  paymentTerm: string;
  status: string;
  isVerified: boolean;
  reviewState: string;
  country: string;
  town: string;
  neighbourhood: string;
  amenities: readonly string[];
  bedrooms: number | null;
  toilets: number | null;
  kitchens: number | null;
  livingRooms: number | null;
  size: number | null;
  distanceFromRoad: number | null;
  sections: number | null;
  controlKind: string | null;
  /** The approximate area's centre, null (or absent, in an older event) without a pin. */
  areaLat?: number | null;
  areaLng?: number | null;
  version: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  deletedAt?: Date | string | null;
  /** In display order; the first one's thumbnail is the card's. */
  images: ReadonlyArray<{ position: number; thumbUrl: string }>;
}

export function roomsOf(p: Pick<IndexableProperty, 'category' | 'bedrooms' | 'sections'>): number | null {
  return p.category === 'commercial' ? p.sections : p.bedrooms;
}

export function buildSearchDocument(property: IndexableProperty): SearchDocument {
  const first = [...property.images].sort((a, b) => a.position - b.position)[0];
  return {
    id: property.id,
    ownerId: property.ownerId,
    title: property.title,
    description: property.description,
    category: property.category,
    propertyType: property.propertyType,
    paymentTerm: property.paymentTerm,
    price: property.price,
    monthlyPrice: monthlyPriceOf(property.price, property.paymentTerm),
    caution: property.caution,
    country: property.country,
    town: property.town,
    neighbourhood: property.neighbourhood,
    rooms: roomsOf(property),
    bedrooms: property.bedrooms,
    toilets: property.toilets,
    kitchens: property.kitchens,
    livingRooms: property.livingRooms,
    size: property.size,
    distanceFromRoad: property.distanceFromRoad,
    sections: property.sections,
    amenities: [...property.amenities],
    thumbnailUrl: first?.thumbUrl ?? null,
    imageCount: property.images.length,
    controlKind: listingChecksOf(property, null).control,
    area: areaOf(property),
    createdAt: new Date(property.createdAt).toISOString(),
    version: property.version,
    sourceUpdatedAt: new Date(property.updatedAt).toISOString(),
  };
}

/** The area's centre when both coordinates are there (a half-written one counts as none). */
export function areaOf(p: Pick<IndexableProperty, 'areaLat' | 'areaLng'>): GeoPoint | null {
  const { areaLat: lat, areaLng: lng } = p;
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

function isPaymentTerm(term: string): term is PaymentTerm {
  return (PAYMENT_TERMS as readonly string[]).includes(term);
}

/**
 * A price as a monthly one, by move-in-cost's rule (one multiplication, one division, so a yearly
 * 540 000 and a monthly 45 000 are exactly equal). A term the contracts do not know (only an old
 * event could carry one) counts as monthly.
 */
export function monthlyPriceOf(price: number, term: string): number {
  const { perMonth, months } = isPaymentTerm(term) ? MONTHLY_EQUIVALENT[term] : MONTHLY_EQUIVALENT.monthly;
  return (price * perMonth) / months;
}

/** The town filter's key: case- and accent-insensitive ('Yaoundé' and 'YAOUNDE' → 'yaounde'). */
export function townKey(town: string): string {
  return foldTown(town);
}

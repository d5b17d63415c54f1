// Saved searches (docs/api.md#saved-searches): whether a newly published listing matches a renter's
// saved filters, by the same semantics as the search itself (both adapters), the search's automatic
// name, its canonical key (the same search is saved once) and when the daily digest is due.
import { bboxParamSchema, boxContains, formatPrice, LIMITS, savedSearchTexts, type Language, type SavedSearchFilters } from '@mboa/contracts';
import { labelWordsOf } from '../search/search-labels.js';
import { isTypoOf, queryWords, searchWords } from '../search/search-text.js';
import { roomsOf, townKey } from '../search/search-document.js';
import { listingChecksOf } from './listing-checks.js';

/** What matching reads of a listing (a listings Property row has all of it). */
export interface MatchableListing {
  title: string;
  description: string;
  category: string;
  propertyType: string;
  paymentTerm: string;
  town: string;
  neighbourhood: string;
  amenities: readonly string[];
  price: number;
  bedrooms: number | null;
  sections: number | null;
  /** How staff checked who controls it (rules/listing-checks.ts); null while unchecked. */
  controlKind: string | null;
  /** The approximate area's centre (rules/approximate-area.ts); null without a pin. Never the pin. */
  areaLat?: number | null;
  areaLng?: number | null;
}

/** Whether the listing's area centre is in the saved box: as the search's box filter, never without a pin. */
function inSavedBox(listing: MatchableListing, bbox: string): boolean {
  const box = bboxParamSchema.safeParse(bbox);
  if (!box.success || listing.areaLat == null || listing.areaLng == null) return false;
  return boxContains(box.data, { lat: listing.areaLat, lng: listing.areaLng });
}

/**
 * Whether the listing matches the saved filters, as a search with these filters would find it:
 * category and type equal; the town compared case- and accent-insensitively; rooms N or more
 * (bedrooms, or sections for commercial); the price (as asked, whatever its term) within the range,
 * both ends included; with `controlChecked`, only a listing whose control staff checked; with `bbox`,
 * only a listing whose approximate area's centre is in the box (edges included; none without a pin); and every word of the text found among the listing's words (title, town,
 * neighbourhood, description, and the labels of its type, amenities and payment term in both
 * languages), the last word as a prefix (the search box searches as one types) and typos forgiven
 * as the search forgives them (rules in search/search-text.ts).
 */
export function matchesSavedSearch(listing: MatchableListing, filters: SavedSearchFilters): boolean {
  if (filters.category !== undefined && listing.category !== filters.category) return false;
  if (filters.propertyType !== undefined && listing.propertyType.toLowerCase() !== filters.propertyType.toLowerCase()) return false;
  if (filters.town !== undefined && filters.town.trim() && townKey(listing.town) !== townKey(filters.town)) return false;
  if (filters.rooms !== undefined && filters.rooms > 0) {
    const rooms = roomsOf({ category: listing.category, bedrooms: listing.bedrooms, sections: listing.sections });
    if (rooms === null || rooms < Math.ceil(filters.rooms)) return false;
  }
  if (filters.minPrice !== undefined && listing.price < Math.ceil(filters.minPrice)) return false;
  if (filters.maxPrice !== undefined && listing.price > Math.floor(filters.maxPrice)) return false;
  if (filters.controlChecked && listingChecksOf(listing, null).control === null) return false;
  if (filters.bbox !== undefined && !inSavedBox(listing, filters.bbox)) return false;
  const words = queryWords(filters.search);
  if (words.length === 0) return true;
  const labels = labelWordsOf({ propertyType: listing.propertyType, amenities: [...listing.amenities], paymentTerm: listing.paymentTerm });
  const vocabulary = new Set([
    ...searchWords(`${listing.title} ${listing.town} ${listing.neighbourhood} ${listing.description}`),
    ...labels.type,
    ...labels.features,
  ]);
  const last = words.length - 1;
  return words.every((word, i) => {
    if (vocabulary.has(word)) return true;
    for (const term of vocabulary) {
      if (i === last && term.startsWith(word)) return true;
      if (isTypoOf(word, term)) return true;
    }
    return false;
  });
}

/**
 * The filters' canonical text: the same search typed differently ('Buea' / 'BUÉA', extra spaces in
 * the text, a type's capitals) gives the same key, so it is saved once per user.
 */
export function savedSearchKey(filters: SavedSearchFilters): string {
  const canonical = {
    search: filters.search ? searchWords(filters.search).join(' ') || undefined : undefined,
    category: filters.category,
    propertyType: filters.propertyType?.toLowerCase(),
    town: filters.town?.trim() ? townKey(filters.town) : undefined,
    rooms: filters.rooms && filters.rooms > 0 ? Math.ceil(filters.rooms) : undefined,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    // Absent when off, so the keys of searches saved before it existed stay the same.
    controlChecked: filters.controlChecked || undefined,
    // The box as saved (its query-string form, five decimals); absent without one.
    bbox: filters.bbox,
  };
  return JSON.stringify(canonical);
}

/** How long a generated name may be (LIMITS.savedSearches.nameMax); a longer one ends with '…'. */
function clip(name: string, max: number): string {
  return name.length <= max ? name : `${name.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The automatic name of a saved search in the reader's language: what (the type, else the
 * category, else listings), the text, the rooms, where, and the price range in FCFA as the reader
 * writes numbers. 'Studios in Molyko under 50,000 FCFA', 'Studios à Molyko à moins de 50 000 FCFA'.
 */
export function savedSearchName(filters: SavedSearchFilters, language: Language, max: number = LIMITS.savedSearches.nameMax): string {
  const t = savedSearchTexts(language);
  const types = t.nameTypes as Readonly<Record<string, string>>;
  const what =
    (filters.propertyType && (types[filters.propertyType] ?? filters.propertyType)) ||
    (filters.category ? t.nameCategory[filters.category] : t.nameListings);
  const parts = [what];
  if (filters.search?.trim()) parts.push(t.nameMatching(filters.search.trim().replace(/\s+/g, ' ')));
  if (filters.rooms && filters.rooms > 0) {
    const kind = filters.category === 'commercial' ? 'sections' : filters.category === 'residential' || filters.propertyType ? 'bedrooms' : 'rooms';
    parts.push(t.nameRooms(Math.ceil(filters.rooms), kind));
  }
  if (filters.town?.trim()) parts.push(t.nameIn(filters.town.trim()));
  const price = (n: number) => formatPrice(n, language);
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined) parts.push(t.nameBetween(price(filters.minPrice), price(filters.maxPrice)));
  else if (filters.maxPrice !== undefined) parts.push(t.nameUnder(price(filters.maxPrice)));
  else if (filters.minPrice !== undefined) parts.push(t.nameFrom(price(filters.minPrice)));
  if (filters.controlChecked) parts.push(t.nameControlChecked);
  if (filters.bbox) parts.push(t.nameInArea);
  return clip(parts.join(' '), max);
}

/** The daily digest leaves at 18:00 in Cameroon (UTC+1, no summer time): 17:00 UTC. */
export const DIGEST_HOUR_UTC = 17;

/**
 * The digest day a moment belongs to: the date (UTC) of the latest 17:00 UTC at or before it. A
 * user's pending daily alerts recorded before that moment are due in that day's digest, which is
 * sent at most once (saved_search_digests' key is the user and this day).
 */
export function digestMoment(now: Date): Date {
  const moment = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (moment.getTime() > now.getTime()) moment.setUTCDate(moment.getUTCDate() - 1);
  return moment;
}

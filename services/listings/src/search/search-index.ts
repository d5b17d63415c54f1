// The search port: what listings asks of a search backend (PostgreSQL, Meilisearch, or memory).
import {
  DEFAULT_SEARCH_SORT,
  distanceKm,
  PROPERTY_CATEGORIES,
  PROPERTY_TYPES,
  SEARCH_SORTS,
  type GeoBox,
  type GeoPoint,
  type SearchSort,
} from '@mboa/contracts';
import type { SearchDocument, SearchHit } from './search-document.js';
import { townKey } from './search-document.js';
import { SEARCH_PAGE } from './search-constants.js';

/** GET /api/properties/search, already validated by the gateway; normalised again here. */
export interface SearchQuery {
  search?: string;
  category?: string;
  propertyType?: string;
  town?: string;
  /** N or more bedrooms (residential) or sections (commercial). */
  rooms?: number;
  minPrice?: number;
  maxPrice?: number;
  /** Only listings whose control staff checked (`?controlChecked=true`). */
  controlChecked?: boolean;
  /** Only listings whose area centre is in the box, edges included (never one without a pin). */
  bbox?: GeoBox;
  /** Hits carry `distanceKm` from here; `sort=distance` orders by it (without a pin: last). */
  near?: GeoPoint;
  /** Default newest first (relevance first when there is text); the price orders compare monthlyPrice. */
  sort?: SearchSort;
  /** 1-based. */
  page?: number;
  /** Default 12, at most 50. */
  limit?: number;
}

/** Where answers come from: PostgreSQL, Meilisearch, or this process's memory (kept from PostgreSQL). */
export type SearchBackend = 'postgres' | 'meilisearch' | 'memory';

export interface SearchResult {
  hits: SearchHit[];
  /** Exact up to the adapter's count cap (SEARCH_PAGE.exactCountUpTo); past it, that cap and `totalIsLowerBound`. */
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  limit: number;
  /** ceil(total / limit); 0 when nothing matched. */
  totalPages: number;
}

export interface SearchHealth {
  ok: boolean;
  backend: SearchBackend;
  error?: string;
}

/**
 * Rewriting stored documents in place after the words changed (indexer/search-words-refresh.ts):
 * the index keeps answering throughout, unlike clear() + upsertMany().
 */
export interface SearchWordsRefreshPort {
  /** The words fingerprint the stored documents were written with; null if none was recorded. */
  storedFingerprint(): Promise<string | null>;
  storeFingerprint(fingerprint: string): Promise<void>;
  /**
   * Rewrites the documents the index holds at the same or an older version; never adds one (a
   * removed property stays removed) nor replaces a newer one. Returns how many were rewritten.
   */
  rewriteMany(docs: readonly SearchDocument[]): Promise<number>;
  /** Runs `work` if no other replica holds the refresh lock; 'busy' otherwise. */
  exclusively<T>(work: () => Promise<T>): Promise<T | 'busy'>;
}

/** One listing on the map: its area's centre and price. */
export interface SearchMapPoint {
  id: string;
  lat: number;
  lng: number;
  price: number;
  /** As stored (a PaymentTerm; the service checks it before answering). */
  paymentTerm: string;
}

/** The map's points of a query (newest first, at most the cap) and how many matched in all. */
export interface SearchMapPoints {
  points: SearchMapPoint[];
  total: number;
}

export interface SearchIndex {
  readonly backend: SearchBackend;
  /** Absent when the backend cannot record a fingerprint (Meilisearch: `npm run search:reindex` after a words change). */
  readonly wordsRefresh?: SearchWordsRefreshPort;
  /** Creates what the backend needs (Meilisearch index and settings); PostgreSQL's come from migrations. */
  init(): Promise<void>;
  /** Stores the document unless the index holds the same or a newer version, or a removal at least as new. Returns whether it was stored. */
  upsert(doc: SearchDocument): Promise<boolean>;
  /**
   * Takes the property out of search. With `version`, only a stored document of that version or
   * older goes, and the removal is remembered so an older upsert arriving late cannot bring it
   * back. Without it, the document goes whatever its version.
   */
  remove(id: string, version?: number): Promise<boolean>;
  /** Reindexing: the same version rule as upsert, in batches. Returns how many were stored. */
  upsertMany(docs: readonly SearchDocument[]): Promise<number>;
  /** Reindexing: removes whatever their versions. */
  removeMany(ids: readonly string[]): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult>;
  /**
   * The map: the area centres of the listings matching the query's filters and box (which it
   * needs: without one, nothing), newest first, at most `cap`, with the exact count. Pages, order
   * and `near` are ignored.
   */
  points(query: SearchQuery, cap: number): Promise<SearchMapPoints>;
  /** Empties the index (documents, removals and, for PostgreSQL, the vocabulary). */
  clear(): Promise<void>;
  health(): Promise<SearchHealth>;
  close(): Promise<void>;
}

/** A query with every default applied and every value in the form both adapters compare. */
export interface NormalizedSearchQuery {
  text: string | undefined;
  category: string | undefined;
  propertyType: string | undefined;
  townKey: string | undefined;
  rooms: number | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  controlChecked: boolean;
  box: GeoBox | undefined;
  near: GeoPoint | undefined;
  /** `distance` only with `near` (else newest). */
  sort: SearchSort;
  page: number;
  limit: number;
  offset: number;
}

function canonical(value: string | undefined, allowed: readonly string[]): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const lower = v.toLowerCase();
  return allowed.find((a) => a.toLowerCase() === lower) ?? v;
}

function nonNegative(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function wholeAtLeast(value: number | undefined, min: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(min, Math.floor(value)) : fallback;
}

export function normalizeSearchQuery(query: SearchQuery): NormalizedSearchQuery {
  const text = query.search?.trim() || undefined;
  const town = query.town?.trim() ? townKey(query.town) : undefined;
  const rooms = nonNegative(query.rooms);
  const page = wholeAtLeast(query.page, 1, 1);
  const limit = Math.min(SEARCH_PAGE.maxLimit, wholeAtLeast(query.limit, 1, SEARCH_PAGE.defaultLimit));
  const near = isPoint(query.near) ? { lat: query.near.lat, lng: query.near.lng } : undefined;
  const sort = SEARCH_SORTS.find((s) => s === query.sort) ?? DEFAULT_SEARCH_SORT;
  return {
    text,
    category: canonical(query.category, PROPERTY_CATEGORIES),
    propertyType: canonical(query.propertyType, PROPERTY_TYPES),
    townKey: town || undefined,
    rooms: rooms === undefined || rooms === 0 ? undefined : Math.ceil(rooms),
    minPrice: nonNegative(query.minPrice),
    maxPrice: nonNegative(query.maxPrice),
    controlChecked: query.controlChecked === true,
    box: isBox(query.bbox) ? { west: query.bbox.west, south: query.bbox.south, east: query.bbox.east, north: query.bbox.north } : undefined,
    near,
    // The contracts refuse `distance` without `near`; a caller inside listings that forgets it gets the default.
    sort: sort === 'distance' && !near ? DEFAULT_SEARCH_SORT : sort,
    page,
    limit,
    offset: (page - 1) * limit,
  };
}

export function totalPagesFor(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

function finite(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

function isPoint(p: GeoPoint | undefined): p is GeoPoint {
  return p !== undefined && finite(p.lat) && finite(p.lng);
}

function isBox(b: GeoBox | undefined): b is GeoBox {
  return b !== undefined && finite(b.west) && finite(b.south) && finite(b.east) && finite(b.north);
}

/** The hits with `distanceKm` from `near` to their area's centre, when both are known (every adapter's last step). */
export function withDistances<H extends SearchHit>(hits: H[], near: GeoPoint | undefined): H[] {
  if (!near) return hits;
  for (const h of hits) if (h.area) h.distanceKm = distanceKm(near, h.area);
  return hits;
}

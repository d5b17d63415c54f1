// Meilisearch index settings and query mapping: pure functions, unit-tested without a server.
import type { Settings } from 'meilisearch';
import type { SearchDocument, SearchHit } from './search-document.js';
import { townKey } from './search-document.js';
import type { NormalizedSearchQuery } from './search-index.js';
import { labelWordsOf } from './search-labels.js';
import { queryWords } from './search-text.js';
import { SEARCH_TEXT } from './search-constants.js';

/** What a Meilisearch document holds: the search document plus its filter keys and a removal flag. */
export interface MeiliDocument extends Omit<SearchDocument, 'createdAt'> {
  /** The area's centre under Meilisearch's geo field (filterable and sortable), null without a pin. */
  _geo: { lat: number; lng: number } | null;
  /** Milliseconds since the epoch: sortable. */
  createdAt: number;
  createdAtIso: string;
  townKey: string;
  /** Whether staff checked who controls it (controlKind set): the `controlChecked` filter. */
  controlChecked: boolean;
  /** The type's and the amenities' / payment term's label words in both languages (search-labels.ts). */
  typeWords: string;
  featureWords: string;
  /** False for every live document; a removal with a version leaves `{ id, version, removed: true }`. */
  removed: boolean;
}

export interface MeiliTombstone {
  id: string;
  version: number;
  removed: true;
}

/** Exhaustive totals up to this many matches (Meilisearch's default stops counting at 1,000). */
export const MEILI_MAX_TOTAL_HITS = 200_000;

export const MEILI_SETTINGS: Settings = {
  // Ranking order: title, then town / neighbourhood / type, then description (as PostgreSQL's A/B/C
  // weights). French and English words come in as indexed label words rather than `synonyms`, so
  // both adapters find the same properties and the words get the typo tolerance synonyms do not.
  searchableAttributes: ['title', 'town', 'neighbourhood', 'propertyType', 'typeWords', 'description', 'featureWords'],
  filterableAttributes: ['category', 'propertyType', 'townKey', 'rooms', 'price', 'controlChecked', 'removed', '_geo'],
  // monthlyPrice (search-document.ts, written once when the document is built) for the price orders;
  // _geo for the distance order.
  sortableAttributes: ['createdAt', 'price', 'monthlyPrice', '_geo'],
  // `sort` first: a search only sends one for an explicit order (newest without text, or a price
  // order), and a price order is then the order of every match, as in the PostgreSQL adapter. With
  // text and the default order no sort is sent: relevance, equal relevance newest first.
  rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness', 'createdAt:desc'],
  typoTolerance: {
    enabled: true,
    minWordSizeForTypos: { oneTypo: SEARCH_TEXT.oneTypoFrom, twoTypos: SEARCH_TEXT.twoTyposFrom },
  },
  pagination: { maxTotalHits: MEILI_MAX_TOTAL_HITS },
};

/** A string literal in Meilisearch's filter syntax: double-quoted, `\` and `"` escaped. */
export function meiliString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function meiliNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
  return String(value);
}

/** The query's filters as Meilisearch filter expressions (the array means AND). */
export function buildMeiliFilter(q: NormalizedSearchQuery): string[] {
  const filter = ['removed = false'];
  if (q.category !== undefined) filter.push(`category = ${meiliString(q.category)}`);
  if (q.propertyType !== undefined) filter.push(`propertyType = ${meiliString(q.propertyType)}`);
  if (q.townKey !== undefined) filter.push(`townKey = ${meiliString(q.townKey)}`);
  if (q.rooms !== undefined) filter.push(`rooms >= ${meiliNumber(q.rooms)}`);
  if (q.minPrice !== undefined) filter.push(`price >= ${meiliNumber(q.minPrice)}`);
  if (q.maxPrice !== undefined) filter.push(`price <= ${meiliNumber(q.maxPrice)}`);
  if (q.controlChecked) filter.push('controlChecked = true');
  // Top-left (north, west... as Meilisearch names it: [north, east] then [south, west] corners); a
  // document without _geo is never in it.
  if (q.box !== undefined) {
    const b = q.box;
    filter.push(`_geoBoundingBox([${meiliNumber(b.north)}, ${meiliNumber(b.east)}], [${meiliNumber(b.south)}, ${meiliNumber(b.west)}])`);
  }
  return filter;
}

/**
 * The sort of a search, or none for relevance. Price orders break ties newest first, like the
 * PostgreSQL adapter (which settles same-millisecond documents by id as well).
 */
export function meiliSort(q: NormalizedSearchQuery, text: string | null): string[] | undefined {
  if (q.sort === 'price-asc') return ['monthlyPrice:asc', 'createdAt:desc'];
  if (q.sort === 'price-desc') return ['monthlyPrice:desc', 'createdAt:desc'];
  // Meilisearch puts documents without _geo after every one with it, as the other adapters do.
  if (q.sort === 'distance' && q.near) return [`_geoPoint(${meiliNumber(q.near.lat)}, ${meiliNumber(q.near.lng)}):asc`, 'createdAt:desc'];
  // Without text, newest first; with text, relevance (ties newest first through the ranking rules).
  return text ? undefined : ['createdAt:desc'];
}

/** The search request for a normalised query. */
export function buildMeiliSearchParams(q: NormalizedSearchQuery) {
  // The same words the PostgreSQL adapter looks for (folded, filler words left out).
  const text = queryWords(q.text).join(' ') || null;
  return {
    q: text,
    filter: buildMeiliFilter(q),
    sort: meiliSort(q, text),
    page: q.page,
    hitsPerPage: q.limit,
    // Every word must match (possibly with typos), as in the PostgreSQL adapter.
    matchingStrategy: 'all' as const,
    showRankingScore: Boolean(text),
  };
}

export function toMeiliDocument(doc: SearchDocument): MeiliDocument {
  const createdAt = new Date(doc.createdAt);
  const labels = labelWordsOf(doc);
  return {
    ...doc,
    createdAt: createdAt.getTime(),
    createdAtIso: createdAt.toISOString(),
    townKey: townKey(doc.town),
    controlChecked: doc.controlKind !== null,
    typeWords: labels.type.join(' '),
    featureWords: labels.features.join(' '),
    _geo: doc.area ? { lat: doc.area.lat, lng: doc.area.lng } : null,
    removed: false,
  };
}

export function fromMeiliHit(hit: MeiliDocument & { _rankingScore?: number }): SearchHit {
  const { createdAt, createdAtIso, townKey: _key, controlChecked: _checked, typeWords: _type, featureWords: _features, removed: _removed, _rankingScore, _geo, ...rest } = hit;
  return {
    ...rest,
    // A document written before areas were kept has neither.
    area: rest.area ?? (_geo ? { lat: Number(_geo.lat), lng: Number(_geo.lng) } : null),
    // A document written before the checks were kept has none.
    controlKind: rest.controlKind ?? null,
    createdAt: createdAtIso ?? new Date(createdAt).toISOString(),
    score: _rankingScore ?? null,
  };
}

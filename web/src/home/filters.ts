import {
  CONTROL_CHECKED_PARAM,
  DEFAULT_SEARCH_SORT,
  LIMITS,
  PROPERTY_TYPES_BY_CATEGORY,
  SEARCH_SORTS,
  type PropertyCategory,
  type SearchSort,
} from '@mboa/contracts';
import type { TFunction } from '@mboa/web-core';
import type { SearchParams } from '../api/endpoints.js';

/** The home page's search state; strings as typed, '' meaning "not set". */
export interface Filters {
  search: string;
  category: '' | PropertyCategory;
  propertyType: string;
  town: string;
  rooms: string;
  minPrice: string;
  maxPrice: string;
  /** 'true': only listings whose control our team checked (`controlChecked=true`); '' for all. */
  [CONTROL_CHECKED_PARAM]: '' | 'true';
  /** The order of the results (not a filter: it narrows nothing, so no badge or chip counts it). */
  sort: SearchSort;
  /** `lat,lng` the cards' distances are measured from ("Near me", "Near a place"); '' for none. */
  near: string;
}

export const EMPTY_FILTERS: Filters = Object.freeze({
  search: '',
  category: '',
  propertyType: '',
  town: '',
  rooms: '',
  minPrice: '',
  maxPrice: '',
  [CONTROL_CHECKED_PARAM]: '',
  sort: DEFAULT_SEARCH_SORT,
  near: '',
});

/** The panel's filters (the search box is not one of them). */
const PANEL_KEYS = ['category', 'propertyType', 'town', 'rooms', 'minPrice', 'maxPrice', CONTROL_CHECKED_PARAM] as const;
export type ChipKey = 'category' | 'propertyType' | 'town' | typeof CONTROL_CHECKED_PARAM;

/** The number on the Filters button's badge. */
export function activeFilterCount(filters: Filters): number {
  return PANEL_KEYS.filter((key) => filters[key].trim() !== '').length;
}

/** Property types offered for a category (every type when the category is All). */
export function typesFor(category: Filters['category']): readonly string[] {
  return category ? PROPERTY_TYPES_BY_CATEGORY[category] : [...PROPERTY_TYPES_BY_CATEGORY.residential, ...PROPERTY_TYPES_BY_CATEGORY.commercial];
}

/** Changing the category drops a type that does not belong to it. */
export function withCategory(filters: Filters, category: Filters['category']): Filters {
  const keepType = filters.propertyType !== '' && typesFor(category).includes(filters.propertyType);
  return { ...filters, category, propertyType: keepType ? filters.propertyType : '' };
}

/** The Home screen's removable filter chips for category, type, town and control checked, worded by `t` (towns are names). */
export function filterChips(filters: Filters, t: TFunction): { key: ChipKey; label: string }[] {
  const chips: { key: ChipKey; label: string }[] = [];
  if (filters.category) chips.push({ key: 'category', label: t(`labels.category.${filters.category}`) });
  if (filters.propertyType) {
    chips.push({ key: 'propertyType', label: t(`labels.propertyType.${filters.propertyType}`, { defaultValue: filters.propertyType }) });
  }
  if (filters.town.trim()) chips.push({ key: 'town', label: filters.town.trim() });
  if (filters.controlChecked) chips.push({ key: CONTROL_CHECKED_PARAM, label: t('filters.controlCheckedChip') });
  return chips;
}

export function removeChip(filters: Filters, key: ChipKey): Filters {
  if (key === 'category') return { ...filters, category: '', propertyType: '' };
  return { ...filters, [key]: '' };
}

/** Keeps the search text, clears every panel filter. */
export function clearPanel(filters: Filters): Filters {
  return { ...EMPTY_FILTERS, search: filters.search };
}

export const ROOM_OPTIONS: readonly number[] = Array.from(
  { length: LIMITS.rooms.max - LIMITS.rooms.min + 1 },
  (_, i) => LIMITS.rooms.min + i,
);

/** The sort control's options, worded by `t` in the language shown. */
export function sortOptions(t: TFunction, near = ''): { value: SearchSort; label: string }[] {
  const labels: Record<SearchSort, string> = {
    newest: t('searchSort.newest'),
    'price-asc': t('searchSort.priceAsc'),
    'price-desc': t('searchSort.priceDesc'),
    distance: t('map.nearChip'),
  };
  // Nearest first needs a place to measure from.
  return SEARCH_SORTS.filter((value) => value !== 'distance' || near !== '').map((value) => ({ value, label: labels[value] }));
}

/** Nearest first from `point` ("Near me", "Near a place"). */
export function nearFilters(filters: Filters, point: { lat: number; lng: number }): Filters {
  return { ...filters, near: `${Number(point.lat.toFixed(5))},${Number(point.lng.toFixed(5))}`, sort: 'distance' };
}

/** Without a place: the distance order goes with it. */
export function withoutNear(filters: Filters): Filters {
  return { ...filters, near: '', sort: filters.sort === 'distance' ? DEFAULT_SEARCH_SORT : filters.sort };
}

/** A value from the sort control; anything else is the default order. */
export function toSort(value: string): SearchSort {
  return SEARCH_SORTS.find((s) => s === value) ?? DEFAULT_SEARCH_SORT;
}

/** Digits only: prices are whole FCFA amounts. */
export function cleanAmount(value: string): string {
  return value.replace(/[^\d]/g, '');
}

/** The query of GET /api/properties/search; empty values are left out by the client. */
export function toSearchParams(filters: Filters, page: number): SearchParams {
  return {
    search: filters.search.trim(),
    category: filters.category,
    propertyType: filters.propertyType,
    town: filters.town.trim(),
    rooms: filters.rooms,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    controlChecked: filters.controlChecked,
    // The default order is left out, so the first search is the same request as before sorting
    // existed (the page preloads it: gateway static/page-preloads.ts).
    sort: filters.sort === DEFAULT_SEARCH_SORT || (filters.sort === 'distance' && !filters.near) ? '' : filters.sort,
    near: filters.near,
    page,
  };
}

export function sameFilters(a: Filters, b: Filters): boolean {
  return (Object.keys(a) as (keyof Filters)[]).every((k) => a[k] === b[k]);
}

/** The filters a home address may carry (`/?town=Douala&category=residential`), the search's own names. */
const ADDRESS_KEYS = Object.keys(EMPTY_FILTERS) as (keyof Filters)[];

/**
 * The filters in a home page's address, so a search can be shared, bookmarked, indexed by search
 * engines and drawn by the server; null when the address names none. A value out of its list (an
 * unknown category or order) is left out, as a hand-edited address should not break the page.
 */
export function filtersFromAddress(search: string): Filters | null {
  const params = new URLSearchParams(search);
  if (!ADDRESS_KEYS.some((key) => params.get(key))) return null;
  const filters: Filters = { ...EMPTY_FILTERS };
  for (const key of ADDRESS_KEYS) {
    const value = params.get(key) ?? '';
    if (!value) continue;
    if (key === 'category') {
      if (value in PROPERTY_TYPES_BY_CATEGORY) filters.category = value as PropertyCategory;
    } else if (key === 'sort') {
      if ((SEARCH_SORTS as readonly string[]).includes(value)) filters.sort = value as SearchSort;
    } else if (key === CONTROL_CHECKED_PARAM) {
      // Only `true` means something (the API refuses any other value).
      if (value.trim().toLowerCase() === 'true') filters.controlChecked = 'true';
    } else filters[key] = value;
  }
  // A hand-edited `sort=distance` without `near` would be refused by the API.
  if (filters.sort === 'distance' && !filters.near) filters.sort = DEFAULT_SEARCH_SORT;
  return filters;
}

/** The address's query for `filters`: their values (none when empty), keeping its other parameters (`lang`). */
export function filtersToAddress(filters: Filters, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ADDRESS_KEYS) next.delete(key);
  for (const key of ADDRESS_KEYS) {
    const value = filters[key].trim();
    if (value && !(key === 'sort' && value === DEFAULT_SEARCH_SORT)) next.set(key, value);
  }
  return next;
}

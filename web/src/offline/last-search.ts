import { PROPERTY_CATEGORIES, SEARCH_SORTS } from '@mboa/contracts';
import { EMPTY_FILTERS, type Filters } from '../home/filters.js';

/** The home page's last search, kept on the device so that, opened offline, it shows the results it had. */
const KEY = 'mboa.lastSearch';

export function rememberLastSearch(filters: Filters): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(filters));
  } catch {
    /* private mode or full: offline the page starts from no filters, as online */
  }
}

/**
 * The last search when the browser is offline (its answers are in the service worker's cache);
 * null online, where every visit starts from the newest listings as before.
 */
export function lastSearchWhenOffline(): Filters | null {
  if (typeof navigator === 'undefined' || navigator.onLine) return null;
  try {
    return parseFilters(JSON.parse(localStorage.getItem(KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/** Filters as stored, or null when they are not (an older or damaged copy). */
export function parseFilters(value: unknown): Filters | null {
  if (!value || typeof value !== 'object') return null;
  const stored = value as Record<string, unknown>;
  const filters = { ...EMPTY_FILTERS };
  for (const key of Object.keys(EMPTY_FILTERS) as (keyof Filters)[]) {
    const field = stored[key];
    if (field === undefined) continue;
    if (typeof field !== 'string') return null;
    (filters as Record<keyof Filters, string>)[key] = field;
  }
  if (filters.category !== '' && !(PROPERTY_CATEGORIES as readonly string[]).includes(filters.category)) return null;
  if (!(SEARCH_SORTS as readonly string[]).includes(filters.sort)) return null;
  if (filters.controlChecked !== '' && filters.controlChecked !== 'true') return null;
  return filters;
}

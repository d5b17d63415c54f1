import {
  canonicalTown,
  CONTROL_CHECKED_PARAM,
  DEFAULT_SEARCH_SORT,
  HOME_PAGE_PARAMETERS,
  LANGUAGES,
  SEARCH_SORTS,
  type HomePageParameter,
  type Language,
} from '@mboa/contracts';
import { escapeHtml } from './link-preview.js';

/** A page's address in each language, and the one search engines should index for this visit. */
export interface PageAddresses {
  /** The page in the language it is shown in (each language's page names itself canonical). */
  canonical: string;
  alternates: Readonly<Record<Language | 'x-default', string>>;
}

/** What the query parameter `lang` chooses; the page's own parameters never use the name. */
const LANGUAGE_PARAMETER = 'lang';

/**
 * The addresses of one page in French, in English and for a visitor whose language we do not know
 * (x-default: without `lang`, the page follows the visitor's cookie and browser), so search engines
 * index each language at its own address and show people the one in theirs.
 *
 * `query` is the request's (Express `req.query`). Only the parameters that change what the page
 * shows stay, in a fixed order and trimmed, so the same page always has the same addresses: on `/`
 * the search text, filters and order (the default order and empty values left out, a known town
 * in the list's spelling); everything else (tracking parameters, a stale `lang`) is dropped.
 */
export function pageAddresses(origin: string, path: string, query: Readonly<Record<string, unknown>>, language: Language): PageAddresses {
  const base = `${origin.replace(/\/+$/, '')}${pagePath(path)}`;
  const kept = pageParameters(path, query);
  const address = (lang?: Language): string => {
    const params = new URLSearchParams(kept);
    if (lang) params.set(LANGUAGE_PARAMETER, lang);
    const search = params.toString();
    return search ? `${base}?${search}` : base;
  };
  const alternates = {
    ...(Object.fromEntries(LANGUAGES.map((l) => [l, address(l)])) as Record<Language, string>),
    'x-default': address(),
  };
  return { canonical: alternates[language], alternates };
}

/** The head's `<link rel="canonical">` and one `<link rel="alternate" hreflang>` per language and x-default. */
export function addressTags(addresses: PageAddresses): string {
  const alternates = Object.entries(addresses.alternates).map(
    ([hreflang, href]) => `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}">`,
  );
  return [`<link rel="canonical" href="${escapeHtml(addresses.canonical)}">`, ...alternates].join('\n    ');
}

/** `/property-details/x/` and `/property-details/x` are one page; the root stays `/`. */
function pagePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function pageParameters(path: string, query: Readonly<Record<string, unknown>>): [string, string][] {
  if (pagePath(path) !== '/') return [];
  const kept: [string, string][] = [];
  for (const name of HOME_PAGE_PARAMETERS) {
    const value = homeParameter(name, firstValue(query[name]));
    if (value) kept.push([name, value]);
  }
  return kept;
}

/** A repeated parameter counts once, as the app reads it (URLSearchParams.get: the first). */
function firstValue(value: unknown): string {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
}

function homeParameter(name: HomePageParameter, value: string): string {
  if (!value) return '';
  if (name === 'town') return canonicalTown(value);
  // The app shows an unknown order as the default one (web home/filters.ts toSort): the same page.
  if (name === 'sort') return (SEARCH_SORTS as readonly string[]).includes(value) && value !== DEFAULT_SEARCH_SORT ? value : '';
  // Only `true` filters (web home/filters.ts reads nothing else): any other value is the same page.
  if (name === CONTROL_CHECKED_PARAM) return value.toLowerCase() === 'true' ? 'true' : '';
  return value;
}

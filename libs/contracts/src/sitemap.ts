// Search engines (docs/api.md#search-engines): what robots.txt keeps out, which pages the sitemaps
// name, and the listings service's answers the gateway turns into sitemap XML. Which listings are
// public is the listings service's rule (its rules/visibility.ts), the same as search's.
import { z } from 'zod';
import { isUuid } from './helpers/ids.js';
import { LANGUAGES } from './i18n/language.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import type { Town } from './towns.js';

/** A public listing has one address per language in a sitemap, so one file holds at most this many listings. */
export const SITEMAP_LISTINGS_PER_FILE = Math.floor(LIMITS.sitemap.maxAddressesPerFile / LANGUAGES.length);

/** The web app's pages open to everyone that show no listing of their own, each named in both languages. */
export const SITEMAP_STATIC_PAGES = ['/faq', '/help', '/terms', '/privacy', '/about', '/contact'] as const;

/**
 * What robots.txt keeps search engines out of: the admin area, the API, the web app's signed-in
 * pages (posting, My Listings, profile) and its account pages (sign-in, sign-up, password reset,
 * the availability link of an owner's reminder e-mail). Each is a path prefix.
 */
export const ROBOTS_DISALLOWED_PATHS = [
  '/admin',
  '/api',
  '/post-property',
  '/my-listings',
  '/profile',
  '/login',
  '/signup',
  '/reset-password',
  '/confirm-availability',
] as const;

/** One public listing in a sitemap: its id and when it last changed or its owner last confirmed it, whichever is later. */
export interface SitemapListing {
  id: string;
  /** ISO 8601, UTC. */
  lastmod: string;
}

/** One page of public listings in id order (keyset): those from `from` (included) on, at most `limit`. */
export interface SitemapListingsRequest {
  from?: string;
  limit?: number;
}

export interface SitemapListingsReply {
  listings: SitemapListing[];
  /** The id the next page starts from; null after the last public listing. */
  next: string | null;
}

/** One sitemap file of listings: it starts at the listing `from` and holds `listings` of them. */
export interface SitemapListingsFile {
  from: string;
  listings: number;
  /** The latest lastmod of its listings. */
  lastmod: string;
}

/** A town of the towns list with at least one public listing, and the latest lastmod there. */
export interface SitemapTown {
  town: Town;
  lastmod: string;
}

export interface SitemapSummaryRequest {
  /** At most SITEMAP_LISTINGS_PER_FILE, the default; a test asks for fewer to see the split. */
  listingsPerFile?: number;
}

/** What the sitemap index needs: the listing files, the towns with listings, and the latest change of all. */
export interface SitemapSummaryReply {
  files: SitemapListingsFile[];
  towns: SitemapTown[];
  /** The latest lastmod of every public listing; null when there is none. */
  lastmod: string | null;
}

const listingId = z.string({ error: MESSAGES.common.invalidId }).refine(isUuid, { error: MESSAGES.common.invalidId });
const wholeNumber = (max: number) =>
  z.number({ error: MESSAGES.common.mustBeWholeNumber }).int({ error: MESSAGES.common.mustBeWholeNumber }).min(1).max(max);

export const sitemapListingsRequestSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ from: listingId.optional(), limit: wholeNumber(LIMITS.sitemap.pageSize).default(LIMITS.sitemap.pageSize) }),
);

export const sitemapSummaryRequestSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ listingsPerFile: wholeNumber(SITEMAP_LISTINGS_PER_FILE).default(SITEMAP_LISTINGS_PER_FILE) }),
);

// robots.txt and the sitemaps (docs/api.md#search-engines) as text: pure functions of what the
// listings service answered and of the site's public origin. Every value is XML-escaped.
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  ROBOTS_DISALLOWED_PATHS,
  SITEMAP_STATIC_PAGES,
  type SitemapListing,
  type SitemapSummaryReply,
} from '@mboa/contracts';
import { pageAddresses } from '../static/page-addresses.js';

/** Where each file is served; the listing files are named by their first listing's id. */
export const SEARCH_ENGINE_PATHS = {
  robots: '/robots.txt',
  index: '/sitemap.xml',
  pages: '/sitemaps/pages.xml',
  listingsFile: (from: string) => `/sitemaps/listings-${from}.xml`,
} as const;

/** `/sitemaps/listings-<uuid>.xml`: the id the file starts from, lower case. */
export const LISTINGS_FILE_NAME = /^listings-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.xml$/i;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in XML content and attributes; characters XML 1.0 forbids are dropped. */
export function escapeXml(value: string): string {
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** A W3C datetime (sitemaps.org's lastmod), to the second in UTC. */
export function w3cDatetime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

const trimOrigin = (origin: string) => origin.replace(/\/+$/, '');

/**
 * robots.txt: everything but the admin area, the API and the signed-in and account pages may be
 * crawled, and the sitemap index is named by its absolute address.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${trimOrigin(origin)}${SEARCH_ENGINE_PATHS.index}`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * One page in each language: a `<url>` per language, each naming every language's address and
 * x-default (the address without `lang`, which follows the visitor's cookie and browser). The
 * addresses are the pages' own canonical and alternates (static/page-addresses.ts), so a search
 * engine finds the same address in the sitemap as in the page.
 */
function pageInEachLanguage(origin: string, path: string, query: Readonly<Record<string, string>>, lastmod?: string | null): string[] {
  const { alternates } = pageAddresses(origin, path, query, DEFAULT_LANGUAGE);
  const links = Object.entries(alternates).map(
    ([hreflang, href]) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
  );
  return LANGUAGES.map((language) =>
    [
      '  <url>',
      `    <loc>${escapeXml(alternates[language])}</loc>`,
      ...(lastmod ? [`    <lastmod>${w3cDatetime(lastmod)}</lastmod>`] : []),
      ...links,
      '  </url>',
    ].join('\n'),
  );
}

const URLSET_OPEN = `${XML_HEAD}\n<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
const URLSET_CLOSE = '</urlset>\n';

function urlset(urls: string[]): string {
  return URLSET_OPEN + urls.map((u) => `${u}\n`).join('') + URLSET_CLOSE;
}

const listingUrls = (origin: string, listing: SitemapListing) =>
  pageInEachLanguage(origin, `/property-details/${encodeURIComponent(listing.id)}`, {}, listing.lastmod);

/** A sitemap of public listings: each details page in each language. */
export function listingsSitemapXml(origin: string, listings: readonly SitemapListing[]): string {
  return urlset(listings.flatMap((l) => listingUrls(origin, l)));
}

/**
 * The same text as listingsSitemapXml, in parts of `perPart` listings: a full file (25,000
 * listings, about 30 MB before compression) takes most of a second to write, which the gateway
 * spreads over turns of its event loop instead of holding every other request for it.
 */
export function* listingsSitemapParts(origin: string, listings: readonly SitemapListing[], perPart = 1000): Generator<string> {
  yield URLSET_OPEN;
  for (let i = 0; i < listings.length; i += perPart) {
    yield listings
      .slice(i, i + perPart)
      .flatMap((l) => listingUrls(origin, l))
      .map((u) => `${u}\n`)
      .join('');
  }
  yield URLSET_CLOSE;
}

/**
 * The sitemap of pages: the home page, the home page of each town of the list that has a public
 * listing (lastmod: the latest there), and the static pages (no lastmod: they change with a release).
 */
export function pagesSitemapXml(origin: string, summary: Pick<SitemapSummaryReply, 'towns' | 'lastmod'>): string {
  return urlset([
    ...pageInEachLanguage(origin, '/', {}, summary.lastmod),
    ...summary.towns.flatMap((t) => pageInEachLanguage(origin, '/', { town: t.town }, t.lastmod)),
    ...SITEMAP_STATIC_PAGES.flatMap((page) => pageInEachLanguage(origin, page, {})),
  ]);
}

/** The sitemap index: the pages sitemap, then one sitemap per file of listings, each with its lastmod. */
export function sitemapIndexXml(origin: string, summary: SitemapSummaryReply): string {
  const entry = (path: string, lastmod: string | null) =>
    ['  <sitemap>', `    <loc>${escapeXml(trimOrigin(origin) + path)}</loc>`, ...(lastmod ? [`    <lastmod>${w3cDatetime(lastmod)}</lastmod>`] : []), '  </sitemap>'].join('\n');
  return [
    XML_HEAD,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    entry(SEARCH_ENGINE_PATHS.pages, summary.lastmod),
    ...summary.files.map((f) => entry(SEARCH_ENGINE_PATHS.listingsFile(f.from), f.lastmod)),
    '</sitemapindex>',
    '',
  ].join('\n');
}

import type { Express, Request, Response } from 'express';
import { LIMITS, LISTINGS_PATTERNS, MESSAGES, SITEMAP_LISTINGS_PER_FILE, type SitemapListing, type SitemapListingsReply, type SitemapSummaryReply } from '@mboa/contracts';
import { toRpcCallError, type RpcClient } from '@mboa/platform';
import { LISTINGS_FILE_NAME, listingsSitemapParts, pagesSitemapXml, robotsTxt, SEARCH_ENGINE_PATHS, sitemapIndexXml } from './sitemap-xml.js';

/** Search engines and caches may keep an answer this long: a listing enters and leaves within minutes. */
const CACHE_CONTROL = `public, max-age=${LIMITS.sitemap.cacheSeconds}`;
const XML = 'application/xml; charset=utf-8';

/**
 * robots.txt and the sitemaps (docs/api.md#search-engines), mounted before the web app's catch-all.
 * The listings come from the listings service, which alone knows what the public sees; the gateway
 * only writes them as XML. Nothing is kept here: every answer reads the service (a search engine
 * asks rarely, and `Cache-Control` lets any cache in front keep it for five minutes), and requests
 * for the index that arrive together share one reading. When the service does not answer, a 503
 * with Retry-After: never a 500, never an empty sitemap that would tell search engines every
 * listing is gone.
 */
export function mountSearchEngineFiles(server: Express, services: RpcClient, origin: string): void {
  const listingsPerFile = SITEMAP_LISTINGS_PER_FILE;
  let reading: Promise<SitemapSummaryReply> | undefined;
  const summary = (): Promise<SitemapSummaryReply> => {
    reading ??= services.call(LISTINGS_PATTERNS.sitemapSummary, { listingsPerFile }).finally(() => (reading = undefined));
    return reading;
  };

  server.get(SEARCH_ENGINE_PATHS.robots, (_req: Request, res: Response) => {
    res.status(200).type('text/plain; charset=utf-8').setHeader('Cache-Control', CACHE_CONTROL);
    res.send(robotsTxt(origin));
  });

  server.get(SEARCH_ENGINE_PATHS.index, (_req: Request, res: Response) => {
    void answer(res, async () => sitemapIndexXml(origin, await summary()));
  });

  server.get('/sitemaps/:file', (req: Request, res: Response) => {
    const file = String(req.params.file);
    if (`/sitemaps/${file}` === SEARCH_ENGINE_PATHS.pages) {
      void answer(res, async () => pagesSitemapXml(origin, await summary()));
      return;
    }
    const from = LISTINGS_FILE_NAME.exec(file)?.[1];
    if (!from) {
      res.status(404).type('text/plain; charset=utf-8').send(MESSAGES.common.fileNotFound);
      return;
    }
    void answer(res, async () => listingsSitemapParts(origin, await listingsFrom(services, from.toLowerCase(), listingsPerFile)));
  });
}

/** One sitemap file's listings: at most `count` public listings from `from` on, read page by page. */
async function listingsFrom(services: RpcClient, from: string, count: number): Promise<SitemapListing[]> {
  const listings: SitemapListing[] = [];
  let next: string | null = from;
  while (next && listings.length < count) {
    const page: SitemapListingsReply = await services.call(LISTINGS_PATTERNS.sitemapListings, { from: next, limit: Math.min(LIMITS.sitemap.pageSize, count - listings.length) });
    listings.push(...page.listings);
    next = page.next;
  }
  return listings;
}

/** The XML `xml` makes, as one text or in parts written one turn of the event loop apart; 503 when the listings could not be read. */
async function answer(res: Response, xml: () => Promise<string | Iterable<string>>): Promise<void> {
  try {
    const body = await xml();
    res.status(200).type(XML).setHeader('Cache-Control', CACHE_CONTROL);
    if (typeof body === 'string') {
      res.send(body);
      return;
    }
    for (const part of body) {
      res.write(part);
      await new Promise((resolve) => setImmediate(resolve));
    }
    res.end();
  } catch (err) {
    // Whatever went wrong reading the listings, a search engine is told to come back, not that the site broke.
    const error = toRpcCallError(err);
    res.status(503).type('text/plain; charset=utf-8').setHeader('Cache-Control', 'no-store');
    res.setHeader('Retry-After', String(error.retryAfter ?? LIMITS.http.serviceDownRetryAfterSeconds));
    res.send(MESSAGES.common.serviceUnavailable);
  }
}

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ROBOTS_DISALLOWED_PATHS, SITEMAP_LISTINGS_PER_FILE, SITEMAP_STATIC_PAGES, type SitemapSummaryReply, type Town } from '@mboa/contracts';
import { escapeXml, listingsSitemapParts, listingsSitemapXml, pagesSitemapXml, robotsTxt, sitemapIndexXml, w3cDatetime } from './sitemap-xml.js';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['url', 'sitemap', 'xhtml:link'].includes(name) });
interface Url {
  loc: string;
  lastmod?: string;
  'xhtml:link': Array<{ rel: string; hreflang: string; href: string }>;
}
function parsed(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml) as { urlset?: { url: Url[] }; sitemapindex?: { sitemap: Array<{ loc: string; lastmod?: string }> } };
}

const origin = 'https://mboa.example';
const id = '0f5c2f7e-3b1a-4c2d-9e8f-1a2b3c4d5e6f';

describe('robots.txt', () => {
  it('keeps out the admin area, the API and the private pages, allows the rest and names the sitemap index', () => {
    const lines = robotsTxt(`${origin}/`).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/api', '/post-property', '/my-listings', '/profile', '/login', '/signup', '/reset-password', '/confirm-availability']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(ROBOTS_DISALLOWED_PATHS.length);
    expect(lines).toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe('sitemaps as XML', () => {
  it('names each listing in French and English, with both alternates, x-default and its lastmod', () => {
    const lastmod = '2026-11-27T10:11:12.345Z';
    const { urlset } = parsed(listingsSitemapXml(origin, [{ id, lastmod }]));
    expect(urlset!.url).toEqual(
      ['en', 'fr'].map((lang) => ({
        loc: `${origin}/property-details/${id}?lang=${lang}`,
        lastmod: '2026-11-27T10:11:12+00:00',
        'xhtml:link': [
          { rel: 'alternate', hreflang: 'en', href: `${origin}/property-details/${id}?lang=en` },
          { rel: 'alternate', hreflang: 'fr', href: `${origin}/property-details/${id}?lang=fr` },
          { rel: 'alternate', hreflang: 'x-default', href: `${origin}/property-details/${id}` },
        ],
      })),
    );
  });

  it('names the home page, the home page of each town with listings, and the static pages in both languages', () => {
    const summary: Pick<SitemapSummaryReply, 'towns' | 'lastmod'> = {
      towns: [{ town: 'Douala', lastmod: '2026-11-20T08:00:00.000Z' }, { town: 'Garoua-Boulai', lastmod: '2026-11-21T08:00:00.000Z' }],
      lastmod: '2026-11-21T08:00:00.000Z',
    };
    const urls = parsed(pagesSitemapXml(origin, summary)).urlset!.url;
    const locs = urls.map((u) => u.loc);
    expect(locs.slice(0, 6)).toEqual([
      `${origin}/?lang=en`,
      `${origin}/?lang=fr`,
      `${origin}/?town=Douala&lang=en`,
      `${origin}/?town=Douala&lang=fr`,
      `${origin}/?town=Garoua-Boulai&lang=en`,
      `${origin}/?town=Garoua-Boulai&lang=fr`,
    ]);
    for (const page of SITEMAP_STATIC_PAGES) expect(locs).toEqual(expect.arrayContaining([`${origin}${page}?lang=fr`, `${origin}${page}?lang=en`]));
    expect(urls).toHaveLength(2 * (1 + 2 + SITEMAP_STATIC_PAGES.length));
    expect(urls[0].lastmod).toBe('2026-11-21T08:00:00+00:00');
    expect(urls[2].lastmod).toBe('2026-11-20T08:00:00+00:00');
    expect(urls[2]['xhtml:link'].find((l) => l.hreflang === 'x-default')?.href).toBe(`${origin}/?town=Douala`);
    expect(urls.at(-1)?.lastmod).toBeUndefined();
  });

  it('lists the pages sitemap and every listing file in the index, each with its lastmod', () => {
    const { sitemapindex } = parsed(
      sitemapIndexXml(origin, {
        files: [
          { from: id, listings: 3, lastmod: '2026-11-27T10:00:00.000Z' },
          { from: 'ffffffff-3b1a-4c2d-9e8f-1a2b3c4d5e6f', listings: 1, lastmod: '2026-11-26T10:00:00.000Z' },
        ],
        towns: [],
        lastmod: '2026-11-27T10:00:00.000Z',
      }),
    );
    expect(sitemapindex!.sitemap).toEqual([
      { loc: `${origin}/sitemaps/pages.xml`, lastmod: '2026-11-27T10:00:00+00:00' },
      { loc: `${origin}/sitemaps/listings-${id}.xml`, lastmod: '2026-11-27T10:00:00+00:00' },
      { loc: `${origin}/sitemaps/listings-ffffffff-3b1a-4c2d-9e8f-1a2b3c4d5e6f.xml`, lastmod: '2026-11-26T10:00:00+00:00' },
    ]);
  });

  it('escapes hostile characters wherever they come from: the origin, a town, an id', () => {
    const hostile = `x"/><script>alert('&')</script>`;
    const hostileOrigin = `https://m.example/${hostile}`;
    const pages = pagesSitemapXml(hostileOrigin, { towns: [{ town: hostile as Town, lastmod: '2026-11-20T08:00:00.000Z' }], lastmod: null });
    const listings = listingsSitemapXml(hostileOrigin, [{ id: hostile, lastmod: '2026-11-20T08:00:00.000Z' }]);
    const index = sitemapIndexXml(hostileOrigin, { files: [{ from: hostile, listings: 1, lastmod: '2026-11-20T08:00:00.000Z' }], towns: [], lastmod: null });
    for (const xml of [pages, listings, index]) {
      expect(xml).not.toContain('<script>');
      expect(XMLValidator.validate(xml)).toBe(true);
    }
    // Read back, the addresses carry the text as it was (the town and id also URL-encoded).
    const townUrl = parsed(pages).urlset!.url.find((u) => u.loc.includes('town='))!;
    expect(new URL(townUrl.loc.replace(hostileOrigin, 'https://m.example')).searchParams.get('town')).toBe(hostile);
    expect(parsed(index).sitemapindex!.sitemap[0].loc).toBe(`${hostileOrigin}/sitemaps/pages.xml`);
    expect(escapeXml('a\u0000b\u0008c&')).toBe('abc&amp;');
  });

  it('writes a listing sitemap in parts that make the same text, and keeps a full file under the protocol\'s 50 MB', () => {
    const listings = Array.from({ length: 2_500 }, (_, i) => ({ id: `0f5c2f7e-3b1a-4c2d-9e8f-${String(i).padStart(12, '0')}`, lastmod: '2026-11-27T10:11:12.345Z' }));
    const parts = [...listingsSitemapParts(origin, listings, 1000)];
    expect(parts).toHaveLength(1 + 3 + 1);
    expect(parts.join('')).toBe(listingsSitemapXml(origin, listings));
    expect(parsed(parts.join('')).urlset!.url).toHaveLength(5_000);
    expect([...listingsSitemapParts(origin, [])].join('')).toBe(listingsSitemapXml(origin, []));
    // 25,000 listings of this size: ten times these 2,500 (a longer origin adds to each address).
    expect(Buffer.byteLength(parts.join('')) * (SITEMAP_LISTINGS_PER_FILE / listings.length)).toBeLessThan(40 * 1024 * 1024);
  });

  it('writes lastmod as a W3C datetime in UTC', () => {
    expect(w3cDatetime('2026-01-02T03:04:05.678Z')).toBe('2026-01-02T03:04:05+00:00');
  });
});

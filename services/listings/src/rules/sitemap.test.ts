import { LANGUAGES, LIMITS, SITEMAP_LISTINGS_PER_FILE, type SitemapListing } from '@mboa/contracts';
import { SitemapFileSplitter, sitemapTowns } from './sitemap.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (day: number) => new Date(Date.UTC(2026, 10, day, 8)).toISOString();
const listing = (n: number, day = 1): SitemapListing => ({ id: id(n), lastmod: at(day) });

describe('splitting public listings into sitemap files', () => {
  it('keeps a file within the protocol\'s 50,000 addresses, one per language per listing', () => {
    expect(LIMITS.sitemap.maxAddressesPerFile).toBe(50_000);
    expect(SITEMAP_LISTINGS_PER_FILE).toBe(25_000);
    expect(SITEMAP_LISTINGS_PER_FILE * LANGUAGES.length).toBeLessThanOrEqual(LIMITS.sitemap.maxAddressesPerFile);
  });

  it('starts a new file when one is full, each named by its first listing with its own latest lastmod', () => {
    const files = new SitemapFileSplitter(3)
      .add([listing(1, 5), listing(2, 9), listing(3, 2)])
      .add([listing(4, 1), listing(5, 3)])
      .add([listing(6, 7), listing(7, 4)])
      .result();
    expect(files).toEqual([
      { from: id(1), listings: 3, lastmod: at(9) },
      { from: id(4), listings: 3, lastmod: at(7) },
      { from: id(7), listings: 1, lastmod: at(4) },
    ]);
  });

  it('gives exactly full files when the listings fill them, and none when there is no listing', () => {
    const pages = [[listing(1), listing(2)], [listing(3), listing(4)]];
    const files = pages.reduce((s, page) => s.add(page), new SitemapFileSplitter(2)).result();
    expect(files.map((f) => [f.from, f.listings])).toEqual([
      [id(1), 2],
      [id(3), 2],
    ]);
    expect(new SitemapFileSplitter(2).add([]).result()).toEqual([]);
  });

  it('refuses a file size that is not a whole number of at least 1', () => {
    expect(() => new SitemapFileSplitter(0)).toThrow(RangeError);
    expect(() => new SitemapFileSplitter(2.5)).toThrow(RangeError);
  });
});

describe('towns of the home page in the sitemap', () => {
  it('names the towns of the list that have public listings, in the list\'s order, with their latest lastmod', () => {
    const towns = sitemapTowns([
      { town: 'Yaoundé', lastmod: at(3) },
      { town: 'Douala', lastmod: at(2) },
      { town: 'yaounde', lastmod: at(8) },
      { town: 'Bonaberi Village', lastmod: at(9) },
      { town: '<script>', lastmod: at(9) },
    ]);
    expect(towns).toEqual([
      { town: 'Douala', lastmod: at(2) },
      { town: 'Yaounde', lastmod: at(8) },
    ]);
  });
});

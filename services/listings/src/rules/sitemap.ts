// Search engines' sitemaps (docs/api.md#search-engines): how the public listings are split into
// sitemap files, and which towns of the list the home page is named for.
import { foldTown, TOWNS, type SitemapListing, type SitemapListingsFile, type SitemapTown, type Town } from '@mboa/contracts';

/**
 * Splits the public listings, read in id order, into sitemap files of at most `perFile` listings
 * each: a file is named by its first listing and carries the latest lastmod of its own. Fed page
 * by page, so the whole list is never held at once.
 */
export class SitemapFileSplitter {
  private readonly files: SitemapListingsFile[] = [];

  constructor(private readonly perFile: number) {
    if (!Number.isInteger(perFile) || perFile < 1) throw new RangeError(`listings per sitemap file must be a whole number of at least 1, not ${perFile}`);
  }

  add(listings: readonly SitemapListing[]): this {
    for (const listing of listings) {
      const last = this.files.at(-1);
      if (!last || last.listings >= this.perFile) {
        this.files.push({ from: listing.id, listings: 1, lastmod: listing.lastmod });
        continue;
      }
      last.listings += 1;
      // ISO 8601 in UTC with milliseconds compares as text.
      if (listing.lastmod > last.lastmod) last.lastmod = listing.lastmod;
    }
    return this;
  }

  result(): SitemapListingsFile[] {
    return this.files.map((f) => ({ ...f }));
  }
}

const TOWN_BY_KEY = new Map<string, Town>(TOWNS.map((t) => [foldTown(t), t]));

/**
 * The towns of the list among the towns public listings are in, each with its latest lastmod, in
 * the list's order. A town typed in by an owner (not in the list) has no home page of its own; a
 * stored spelling of a listed town ('Yaoundé') counts as that town.
 */
export function sitemapTowns(rows: ReadonlyArray<{ town: string; lastmod: string }>): SitemapTown[] {
  const latest = new Map<Town, string>();
  for (const row of rows) {
    const town = TOWN_BY_KEY.get(foldTown(row.town));
    if (!town) continue;
    const seen = latest.get(town);
    if (!seen || row.lastmod > seen) latest.set(town, row.lastmod);
  }
  return TOWNS.filter((t) => latest.has(t)).map((town) => ({ town, lastmod: latest.get(town)! }));
}

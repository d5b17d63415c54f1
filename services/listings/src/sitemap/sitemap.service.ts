import { Injectable } from '@nestjs/common';
import { LIMITS, type SitemapListingsReply, type SitemapSummaryReply } from '@mboa/contracts';
import { ListingsDb } from '../db.js';
import { Prisma } from '../generated/prisma/client.js';
import { SitemapFileSplitter, sitemapTowns } from '../rules/sitemap.js';
import { publiclyVisibleSql } from '../rules/visibility.js';

/** What the public sees, as search shows it (rules/visibility.ts), the owner's ban read through an anti-join. */
const PUBLIC = Prisma.raw(publiclyVisibleSql('p', 'EXISTS (SELECT 1 FROM "listings"."owners" o WHERE o.id = p.owner_id AND o.banned)'));
/** A listing's last change (every write bumps updated_at) or its owner's last confirmation, whichever is later. */
const LASTMOD = Prisma.raw('GREATEST(p.updated_at, p.availability_confirmed_at)');

/** The sitemaps' listings (docs/api.md#search-engines): public ones only, read in id order. */
@Injectable()
export class SitemapService {
  constructor(private readonly db: ListingsDb) {}

  /**
   * At most `limit` public listings from the id `from` on (keyset: the primary key's order, so a
   * listing published or removed meanwhile never shifts a page, and no page reads the rows
   * before it as an OFFSET would), and the id the next page starts from.
   */
  async listings(from: string | undefined, limit: number): Promise<SitemapListingsReply> {
    const rows = await this.db.$queryRaw<Array<{ id: string; lastmod: Date }>>`
      SELECT p.id::text AS id, ${LASTMOD} AS lastmod
      FROM "listings"."properties" p
      WHERE ${PUBLIC} ${from ? Prisma.sql`AND p.id >= ${from}::uuid` : Prisma.empty}
      ORDER BY p.id
      LIMIT ${limit + 1}::int`;
    const page = rows.slice(0, limit).map((r) => ({ id: r.id, lastmod: r.lastmod.toISOString() }));
    return { listings: page, next: rows.length > limit ? rows[limit].id : null };
  }

  /** The sitemap index's listing files (`listingsPerFile` each at most), its towns, and the latest change of all. */
  async summary(listingsPerFile: number): Promise<SitemapSummaryReply> {
    const splitter = new SitemapFileSplitter(listingsPerFile);
    let from: string | undefined;
    do {
      const page = await this.listings(from, LIMITS.sitemap.pageSize);
      splitter.add(page.listings);
      from = page.next ?? undefined;
    } while (from);
    const files = splitter.result();
    const towns = await this.db.$queryRaw<Array<{ town: string; lastmod: Date }>>`
      SELECT p.town, max(${LASTMOD}) AS lastmod FROM "listings"."properties" p WHERE ${PUBLIC} GROUP BY p.town`;
    const lastmod = files.reduce<string | null>((latest, f) => (!latest || f.lastmod > latest ? f.lastmod : latest), null);
    return { files, towns: sitemapTowns(towns.map((t) => ({ town: t.town, lastmod: t.lastmod.toISOString() }))), lastmod };
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LISTINGS_PATTERNS as P, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { SitemapService } from './sitemap.service.js';

/** The sitemaps' NATS handlers (docs/api.md#search-engines); the gateway writes the XML. */
@Controller()
export class SitemapController {
  constructor(private readonly sitemap: SitemapService) {}

  @MessagePattern(P.sitemapSummary)
  summary(@RpcRequest(P.sitemapSummary) { listingsPerFile }: CheckedRequestOf<typeof P.sitemapSummary>): Promise<ReplyOf<typeof P.sitemapSummary>> {
    return this.sitemap.summary(listingsPerFile);
  }

  @MessagePattern(P.sitemapListings)
  listings(@RpcRequest(P.sitemapListings) { from, limit }: CheckedRequestOf<typeof P.sitemapListings>): Promise<ReplyOf<typeof P.sitemapListings>> {
    return this.sitemap.listings(from, limit);
  }
}

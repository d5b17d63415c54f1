import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LISTINGS_PATTERNS as P, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { SimilarListingsService } from './similar-listings.service.js';

/** Similar listings' NATS handler (docs/api.md#similar-listings). */
@Controller()
export class SimilarController {
  constructor(private readonly similar: SimilarListingsService) {}

  @MessagePattern(P.propertySimilar)
  similarTo(@RpcRequest(P.propertySimilar) { id, actor }: CheckedRequestOf<typeof P.propertySimilar>): Promise<ReplyOf<typeof P.propertySimilar>> {
    return this.similar.similarTo(id, actor);
  }
}

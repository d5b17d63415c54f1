import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LISTINGS_PATTERNS as P, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { OwnersService } from './owners.service.js';

/** What other services may ask about an owner from the projection. */
@Controller()
export class OwnersController {
  constructor(private readonly owners: OwnersService) {}

  @MessagePattern(P.ownerLanguage)
  async language(@RpcRequest(P.ownerLanguage) { userId }: CheckedRequestOf<typeof P.ownerLanguage>): Promise<ReplyOf<typeof P.ownerLanguage>> {
    return { language: await this.owners.languageOf(userId) };
  }
}

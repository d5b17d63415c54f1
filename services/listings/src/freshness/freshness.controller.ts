import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { LISTINGS_PATTERNS as P, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { FreshnessService } from './freshness.service.js';

type In<K extends keyof typeof P> = CheckedRequestOf<(typeof P)[K]>;
type Out<K extends keyof typeof P> = Promise<ReplyOf<(typeof P)[K]>>;

/** Fresh listings' NATS handlers (docs/api.md#fresh-listings). */
@Controller()
export class FreshnessController {
  constructor(private readonly freshness: FreshnessService) {}

  @MessagePattern(P.myListingsConfirm)
  confirm(@RpcRequest(P.myListingsConfirm) { actor, payload }: In<'myListingsConfirm'>): Out<'myListingsConfirm'> {
    return this.freshness.confirmByOwner(actor, payload.id);
  }

  @MessagePattern(P.availabilityConfirmByToken)
  confirmByToken(@RpcRequest(P.availabilityConfirmByToken) { token }: In<'availabilityConfirmByToken'>): Out<'availabilityConfirmByToken'> {
    return this.freshness.confirmByToken(token);
  }
}

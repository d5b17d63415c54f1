import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { MODERATION_PATTERNS as P, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { AuditTrail } from './audit/audit-trail.js';
import { HealthService } from './health.service.js';
import { ReviewService } from './reviews/review.service.js';

type In<K extends keyof typeof P> = CheckedRequestOf<(typeof P)[K]>;
type Out<K extends keyof typeof P> = Promise<ReplyOf<(typeof P)[K]>>;

/** moderation's NATS handlers: each message is checked against its contract (RPC_REQUESTS) before it gets here. */
@Controller()
export class ModerationController {
  constructor(
    private readonly reviews: ReviewService,
    private readonly audit: AuditTrail,
    private readonly health: HealthService,
  ) {}

  @MessagePattern(P.review)
  review(@RpcRequest(P.review) { propertyId, review, actor }: In<'review'>): Out<'review'> {
    return this.reviews.review(propertyId, review, actor);
  }

  @MessagePattern(P.reviewsOf)
  async reviewsOf(@RpcRequest(P.reviewsOf) { propertyId }: In<'reviewsOf'>): Out<'reviewsOf'> {
    return { reviews: await this.reviews.reviewsOf(propertyId) };
  }

  @MessagePattern(P.auditLatest)
  async latest(@RpcRequest(P.auditLatest) { limit }: In<'auditLatest'>): Out<'auditLatest'> {
    return { actions: await this.audit.latest(limit) };
  }

  @MessagePattern(P.health)
  check(): Out<'health'> {
    return this.health.check();
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { MODERATION_PATTERNS, actorSchema, idSchema, reviewSchema, type HealthReply } from '@mboa/contracts';
import { parsePayload } from '@mboa/platform';
import { AuditTrail } from './audit/audit-trail.js';
import { HealthService } from './health.service.js';
import { ReviewService } from './reviews/review.service.js';

const reviewPayload = z.object({ propertyId: idSchema, actor: actorSchema, review: z.unknown() });
const propertyPayload = z.object({ propertyId: idSchema });
const latestPayload = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

@Controller()
export class ModerationController {
  constructor(
    private readonly reviews: ReviewService,
    private readonly audit: AuditTrail,
    private readonly health: HealthService,
  ) {}

  @MessagePattern(MODERATION_PATTERNS.review)
  review(@Payload() payload: unknown) {
    const { propertyId, actor, review } = parsePayload(reviewPayload, payload);
    return this.reviews.review(propertyId, parsePayload(reviewSchema, review ?? {}), actor);
  }

  @MessagePattern(MODERATION_PATTERNS.reviewsOf)
  async reviewsOf(@Payload() payload: unknown) {
    const { propertyId } = parsePayload(propertyPayload, payload);
    return { reviews: await this.reviews.reviewsOf(propertyId) };
  }

  @MessagePattern(MODERATION_PATTERNS.auditLatest)
  async latest(@Payload() payload: unknown) {
    const { limit } = parsePayload(latestPayload, payload ?? {});
    return { actions: await this.audit.latest(limit) };
  }

  @MessagePattern(MODERATION_PATTERNS.health)
  check(): Promise<HealthReply> {
    return this.health.check();
  }
}

import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { LISTINGS_PATTERNS as P, PROPERTY_VIEWED_SUBJECT, propertyViewedSchema, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { InsightsService } from './insights.service.js';
import { ViewRecorder } from './view-recorder.js';

/** Owner insights' NATS handlers (docs/api.md#owner-insights). */
@Controller()
export class InsightsController {
  constructor(
    private readonly insights: InsightsService,
    private readonly views: ViewRecorder,
  ) {}

  /** The gateway answered a details page: count the view (no answer; a malformed message is dropped). */
  @EventPattern(PROPERTY_VIEWED_SUBJECT)
  viewed(@Payload() message: unknown): void {
    const view = propertyViewedSchema.safeParse(message);
    if (view.success) this.views.record(view.data);
  }

  @MessagePattern(P.myListingsInsights)
  insightsOf(@RpcRequest(P.myListingsInsights) { actor, ids }: CheckedRequestOf<typeof P.myListingsInsights>): Promise<ReplyOf<typeof P.myListingsInsights>> {
    return this.insights.of(actor, ids);
  }
}

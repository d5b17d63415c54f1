import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { decisionMessage, MODERATION_PATTERNS, reviewResponseSchema, reviewSchema, type PublicUser, type ReviewInput, type ReviewResponse } from '@mboa/contracts';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';
import { actorOf } from '../auth/actor.js';
import { AdminOnly, CurrentUser } from '../auth/current-session.js';

@ApiTags('admin')
@Controller('api/admin/properties')
@UseGuards(AdminOnly)
export class AdminReviewController {
  constructor(private readonly services: Services) {}

  @Post(':id/review')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve or reject a property not verified yet (reject needs feedback); 409 once verified' })
  @ApiBody({ schema: jsonSchemaOf(reviewSchema) })
  @ApiAnswers({
    200: { schema: reviewResponseSchema, description: '{ message, review }: the decision as recorded' },
    errors: { 400: '`Please provide a rejection reason`', 404: 'Property not found', 409: '`This property has already been verified.`' },
  })
  async review(@Param('id') id: string, @Body(new ZodBody(reviewSchema)) body: ReviewInput, @CurrentUser() admin: PublicUser): Promise<ReviewResponse> {
    const { review } = await this.services.call(MODERATION_PATTERNS.review, { propertyId: id, actor: actorOf(admin), review: body });
    return { message: decisionMessage(body.action), review };
  }
}

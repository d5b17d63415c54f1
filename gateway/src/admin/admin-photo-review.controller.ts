import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  LISTINGS_PATTERNS,
  MESSAGES,
  photoReviewResponseSchema,
  photoReviewSchema,
  type PhotoReviewInput,
  type PhotoReviewResponse,
  type PublicUser,
} from '@mboa/contracts';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';
import { actorOf } from '../auth/actor.js';
import { AdminOnly, CurrentUser } from '../auth/current-session.js';

/** Photos an owner added to an approved listing wait for this decision (docs/api.md#adding-photos-to-a-listing). */
@ApiTags('admin')
@Controller('api/admin/properties')
@UseGuards(AdminOnly)
export class AdminPhotoReviewController {
  constructor(private readonly services: Services) {}

  @Post(':id/photos/review')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Accept or refuse the photos held for review on a listing (all of them, or those named in imageIds)',
    description:
      'Accepted photos are public from then on; refused ones are deleted with their files. The held photos carry ' +
      '`awaitingReview: true` and their `id` in the admin property read, where photoMatches covers them too.',
  })
  @ApiBody({ schema: jsonSchemaOf(photoReviewSchema) })
  @ApiAnswers({
    200: { schema: photoReviewResponseSchema, description: '{ message, decided, property }: the listing as staff now see it' },
    errors: {
      400: '`Action must be accept or refuse`, or `No photo of this listing is awaiting review.` (nothing held, or an imageId that is not a held photo of this listing)',
      404: 'Property not found',
    },
  })
  async review(@Param('id') id: string, @Body(new ZodBody(photoReviewSchema)) body: PhotoReviewInput, @CurrentUser() admin: PublicUser): Promise<PhotoReviewResponse> {
    const { decided, property } = await this.services.call(LISTINGS_PATTERNS.propertyPhotosReview, { actor: actorOf(admin), id, review: body });
    return { message: body.action === 'accept' ? MESSAGES.property.photosAccepted : MESSAGES.property.photosRefused, decided, property };
  }
}

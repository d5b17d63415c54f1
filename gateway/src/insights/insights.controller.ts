import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  LIMITS,
  LISTINGS_PATTERNS,
  myListingsInsightsQuerySchema,
  myListingsInsightsResponseSchema,
  type MyListingsInsightsQuery,
  type MyListingsInsightsResponse,
  type PublicUser,
} from '@mboa/contracts';
import { actorOf } from '../auth/actor.js';
import { CurrentUser, SignedIn } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

/** Owner insights (docs/api.md#owner-insights): My Listings' views and contacts per listing. */
@ApiTags('properties')
@Controller('api/user/my-listings')
export class InsightsController {
  constructor(private readonly services: Services) {}

  @Get('insights')
  @UseGuards(SignedIn)
  @ApiOperation({
    summary: `Views of each listing's details page (one per person per day; not the owner's, not staff's) and contacts (bookings) over the last ${LIMITS.insights.days} days, per day, for some of the signed-in owner's listings`,
  })
  @ApiQuery({
    name: 'ids',
    required: true,
    type: 'string',
    description: `The listings' ids, comma-separated (or \`ids\` repeated), at most ${LIMITS.insights.maxListings}: those of one My Listings page`,
  })
  @ApiAnswers({
    200: {
      schema: myListingsInsightsResponseSchema,
      description: `{ from, to, listings: [{ propertyId, views30d, contacts30d, daily: [{ day, views, contacts }] }] }: days in Cameroon's calendar, oldest first, all ${LIMITS.insights.days} present; listings in the order asked`,
    },
    errors: {
      400: 'Give the ids of your listings (ids=…), separated by commas. / At most 20 listings at a time.',
      404: 'Property not found: an id is not one of your listings (or it was deleted)',
    },
  })
  insights(@Query(new ZodBody(myListingsInsightsQuerySchema)) query: MyListingsInsightsQuery, @CurrentUser() user: PublicUser): Promise<MyListingsInsightsResponse> {
    return this.services.call(LISTINGS_PATTERNS.myListingsInsights, { actor: actorOf(user), ids: query.ids });
  }
}

import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  FIGURES,
  LISTINGS_PATTERNS,
  MODERATION_PATTERNS,
  adminFiguresQuerySchema,
  adminFiguresSchema,
  type AdminFigures,
  type AdminFiguresQuery,
  type PublicUser,
} from '@mboa/contracts';
import { actorOf } from '../auth/actor.js';
import { AdminOnly, CurrentUser } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

/** Staff's daily figures (docs/api.md#staff-figures): the admin app's Figures screen. */
@ApiTags('admin')
@Controller('api/admin')
@UseGuards(AdminOnly)
export class AdminFiguresController {
  constructor(private readonly services: Services) {}

  @Get('figures')
  @ApiOperation({
    summary:
      'Daily figures: listings posted, approved and rejected, contacts and searches per day; searches per town; searches that found nothing by town, type and price band; median hours from posting to decision; the review, verification and reports queues (how many wait, the age of the oldest)',
  })
  @ApiQuery({ name: 'days', required: false, type: 'integer', description: `The last N Cameroon days, today included: 1 to ${FIGURES.maxDays}, ${FIGURES.defaultDays} when left out` })
  @ApiAnswers({ 200: adminFiguresSchema, errors: { 400: 'Give the number of days as a whole number from 1 to 90.' } })
  async figures(@Query(new ZodBody(adminFiguresQuerySchema)) query: AdminFiguresQuery, @CurrentUser() user: PublicUser): Promise<AdminFigures> {
    // Each figure from the service that owns it, asked in parallel.
    const [listings, queues] = await Promise.all([
      this.services.call(LISTINGS_PATTERNS.adminFigures, { actor: actorOf(user), days: query.days }),
      this.services.call(MODERATION_PATTERNS.queues, {}),
    ]);
    return { ...listings, verificationQueue: queues.verification, reportsQueue: queues.reports };
  }
}

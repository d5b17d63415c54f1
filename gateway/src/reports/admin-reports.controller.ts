import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  MESSAGES,
  MODERATION_PATTERNS,
  reportActSchema,
  reportQueueQuerySchema,
  reportQueueReplySchema,
  reportResolveResponseSchema,
  type PublicUser,
  type ReportQueueQuery,
  type ReportQueueReply,
  type ReportResolution,
  type ReportResolveResponse,
} from '@mboa/contracts';
import { actorOf } from '../auth/actor.js';
import { AdminOnly, CurrentUser } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

const RESOLVED: Record<ReportResolution, string> = {
  dismissed: MESSAGES.report.dismissed,
  deactivated: MESSAGES.report.deactivated,
  'owner-banned': MESSAGES.report.ownerBanned,
};

/** The staff Reports queue and what staff do with a listing's reports (docs/api.md#admin). */
@ApiTags('admin')
@Controller('api/admin/reports')
@UseGuards(AdminOnly)
export class AdminReportsController {
  constructor(private readonly services: Services) {}

  @Get()
  @ApiOperation({ summary: 'Listings with open reports: counts per reason, reporters, latest text, links; held listings first' })
  @ApiQuery({ name: 'page', required: false, type: 'number' })
  @ApiQuery({ name: 'limit', required: false, type: 'number', description: 'default 10, at most 50' })
  @ApiAnswers({ 200: { schema: reportQueueReplySchema, description: '{ cases, total, page, totalPages }' }, errors: { 400: 'page or limit out of range' } })
  queue(@Query(new ZodBody(reportQueueQuerySchema)) query: ReportQueueQuery): Promise<ReportQueueReply> {
    return this.services.call(MODERATION_PATTERNS.reportsQueue, query);
  }

  @Post(':propertyId/dismiss')
  @HttpCode(200)
  @ApiOperation({ summary: "Close the listing's open reports as unfounded; a held listing comes back to search" })
  @ApiParam({ name: 'propertyId' })
  @ApiAnswers({ 200: { schema: reportResolveResponseSchema, description: '{ message, propertyId, resolution, closed, released }' }, errors: { 404: '`This listing has no open reports.`' } })
  async dismiss(@Param('propertyId') propertyId: string, @CurrentUser() admin: PublicUser): Promise<ReportResolveResponse> {
    const reply = await this.services.call(MODERATION_PATTERNS.reportsDismiss, { propertyId, actor: actorOf(admin) });
    return { message: RESOLVED[reply.resolution], ...reply };
  }

  @Post(':propertyId/act')
  @HttpCode(200)
  @ApiOperation({ summary: "Deactivate the listing or ban its owner, and close the listing's open reports" })
  @ApiParam({ name: 'propertyId' })
  @ApiBody({ schema: jsonSchemaOf(reportActSchema) })
  @ApiAnswers({
    200: { schema: reportResolveResponseSchema, description: '{ message, propertyId, resolution, closed, released }' },
    errors: { 400: '`Please choose an action: deactivate or ban-owner.`', 404: '`This listing has no open reports.`', 409: '`Admins cannot be banned.`' },
  })
  async act(@Param('propertyId') propertyId: string, @Body() body: unknown, @CurrentUser() admin: PublicUser): Promise<ReportResolveResponse> {
    // The body is judged by moderation after its own admin check (the guard above already ran).
    const action = (body as { action?: unknown } | undefined)?.action;
    const reply = await this.services.call(MODERATION_PATTERNS.reportsAct, { propertyId, actor: actorOf(admin), action: action as never });
    return { message: RESOLVED[reply.resolution], ...reply };
  }
}

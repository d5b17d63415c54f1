import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  MESSAGES,
  SUPPORT_PATTERNS,
  adminManageRequestsResponseSchema,
  adminManageRequestsSchema,
  adminManageSupportResponseSchema,
  adminManageSupportSchema,
  type AdminManageRequestsInput,
  type AdminManageSupportInput,
  type PropertyRequest,
  type PublicUser,
  type SupportStatusResponse,
  type SupportTicket,
} from '@mboa/contracts';
import { actorOf } from '../auth/actor.js';
import { AdminOnly, CurrentUser } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

/**
 * Staff work through property requests and support tickets (docs/api.md#admin). Express matches
 * routes case-insensitively (its default, which the gateway keeps), so `manage/Support` — the
 * spelling older clients' update call uses — reaches the same handler; the e2e test holds that
 * in place.
 */
@ApiTags('admin')
@Controller('api/admin/manage')
@UseGuards(AdminOnly)
export class AdminSupportController {
  constructor(private readonly services: Services) {}

  @Post('requests')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Property requests: `get` a page (status "all" or empty for every status), or `update-status` to any other status',
  })
  @ApiBody({ schema: jsonSchemaOf(adminManageRequestsSchema) })
  @ApiAnswers({
    200: { schema: adminManageRequestsResponseSchema, description: 'get: { success, data[], pagination { total, page, limit, totalPages } }; update-status: { success, data, message }' },
    errors: { 404: '`Request not found`', 409: 'The new status is the current one' },
  })
  async manageRequests(@Body(new ZodBody(adminManageRequestsSchema)) body: AdminManageRequestsInput, @CurrentUser() admin: PublicUser) {
    if (body.type === 'get') return this.services.call(SUPPORT_PATTERNS.requestsList, body.payload);
    const data = await this.services.call(SUPPORT_PATTERNS.requestsUpdateStatus, { ...body.payload, actor: actorOf(admin) });
    return { success: true, data, message: MESSAGES.toast.requestStatusUpdated } satisfies SupportStatusResponse<PropertyRequest>;
  }

  @Post('support')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Support tickets: `get` a page (status empty or "all" for every status), or `update-status` to any other status. Answers under any capitalisation of the path.',
  })
  @ApiBody({ schema: jsonSchemaOf(adminManageSupportSchema) })
  @ApiAnswers({
    200: { schema: adminManageSupportResponseSchema, description: 'get: { success, data[], pagination { total, page, limit, totalPages } }; update-status: { success, data, message }' },
    errors: { 404: '`Ticket not found`', 409: 'The new status is the current one' },
  })
  async manageSupport(@Body(new ZodBody(adminManageSupportSchema)) body: AdminManageSupportInput, @CurrentUser() admin: PublicUser) {
    if (body.type === 'get') return this.services.call(SUPPORT_PATTERNS.ticketsList, body.payload);
    const data = await this.services.call(SUPPORT_PATTERNS.ticketsUpdateStatus, { ...body.payload, actor: actorOf(admin) });
    return { success: true, data, message: MESSAGES.toast.supportStatusUpdated } satisfies SupportStatusResponse<SupportTicket>;
  }
}

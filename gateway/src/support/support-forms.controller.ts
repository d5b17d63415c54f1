import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  MESSAGES,
  SUPPORT_PATTERNS,
  propertyRequestSchema,
  requestSpaceSchema,
  supportCreateResponseSchema,
  supportTicketRecordSchema,
  supportTicketSchema,
  type PropertyRequest,
  type PublicUser,
  type RequestSpaceInput,
  type SupportCreateResponse,
  type SupportTicket,
  type SupportTicketInput,
} from '@mboa/contracts';
import { CurrentSession } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

/** The two public forms (docs/api.md#support-forms): no sign-in needed, stored by the support service. */
@ApiTags('support')
@Controller('api/properties')
export class SupportFormsController {
  constructor(
    private readonly services: Services,
    private readonly session: CurrentSession,
  ) {}

  @Post('request-space')
  @HttpCode(201)
  @ApiOperation({ summary: 'Ask staff to find a property (request modal); no sign-in needed' })
  @ApiBody({ schema: jsonSchemaOf(requestSpaceSchema) })
  @ApiAnswers({
    201: { schema: supportCreateResponseSchema(propertyRequestSchema), description: '{ success, message, data: the stored request (status "searching") }' },
    errors: { 400: 'Empty request text or WhatsApp, each with its own text' },
  })
  async createRequest(@Body(new ZodBody(requestSpaceSchema)) body: RequestSpaceInput): Promise<SupportCreateResponse<PropertyRequest>> {
    return { success: true, message: MESSAGES.request.success, data: await this.services.call(SUPPORT_PATTERNS.requestsCreate, body) };
  }

  @Post('support')
  @HttpCode(201)
  @ApiOperation({ summary: 'Send a support ticket (contact form); no sign-in needed, the sender is kept when signed in' })
  @ApiBody({ schema: jsonSchemaOf(supportTicketSchema) })
  @ApiAnswers({
    201: { schema: supportCreateResponseSchema(supportTicketRecordSchema), description: '{ success, message, data: the stored ticket (status "pending") }' },
    errors: { 400: 'Empty name, email, subject or message, or an invalid e-mail' },
  })
  async createTicket(@Body(new ZodBody(supportTicketSchema)) body: SupportTicketInput, @Req() req: Request): Promise<SupportCreateResponse<SupportTicket>> {
    const user = await this.sender(req);
    const ticket = user ? { ...body, whatsapp: body.whatsapp ?? user.whatsapp, userId: user.id } : body;
    return { success: true, message: MESSAGES.contact.success, data: await this.services.call(SUPPORT_PATTERNS.ticketsCreate, ticket) };
  }

  /** The signed-in sender, if any. The form is public: a session that cannot be read never blocks it. */
  private async sender(req: Request): Promise<PublicUser | null> {
    try {
      return await this.session.user(req);
    } catch {
      return null;
    }
  }
}

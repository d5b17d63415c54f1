import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import {
  adminVerificationDetailSchema,
  adminVerificationListReplySchema,
  MESSAGES,
  MODERATION_PATTERNS,
  verificationRejectSchema,
  type AdminVerificationDetail,
  type AdminVerificationListReply,
  type PublicUser,
  type VerificationRejectInput,
} from '@mboa/contracts';
import { ObjectNotFoundError, type ObjectStore } from '@mboa/platform';
import { actorOf } from '../auth/actor.js';
import { AdminOnly, CurrentUser } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';
import { DOCUMENT_STORE } from './document-store.provider.js';

/**
 * Staff's queue of identity documents and proofs of control (docs/api.md#identity-and-proof-of-control).
 * Admins only, checked before anything else. A file is answered from the documents store, never
 * cached, and every look is in the staff audit trail (moderation records it before the key comes back).
 */
@ApiTags('admin')
@Controller('api/admin/verification')
@UseGuards(AdminOnly)
export class AdminVerificationController {
  constructor(
    private readonly services: Services,
    @Inject(DOCUMENT_STORE) private readonly documents: ObjectStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The verification queue: ?status=pending (oldest first) | approved | rejected (newest first), page, limit' })
  @ApiAnswers({ 200: { schema: adminVerificationListReplySchema, description: '{ requests, total, page, totalPages }' }, errors: { 400: 'A status, page or limit that is not valid' } })
  list(
    @CurrentUser() admin: PublicUser,
    @Query('status') status?: unknown,
    @Query('page') page?: unknown,
    @Query('limit') limit?: unknown,
  ): Promise<AdminVerificationListReply> {
    // Judged by moderation after its own admin check (400 naming the parameter).
    return this.services.call(MODERATION_PATTERNS.verificationList, { actor: actorOf(admin), status, page, limit });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One request beside its owner’s account and listings' })
  @ApiAnswers({ 200: { schema: adminVerificationDetailSchema, description: 'The request, its owner and their listings' }, errors: { 404: '`Request not found`' } })
  get(@Param('id') id: string, @CurrentUser() admin: PublicUser): Promise<AdminVerificationDetail> {
    return this.services.call(MODERATION_PATTERNS.verificationGet, { actor: actorOf(admin), id });
  }

  @Get(':id/files/:fileId')
  @ApiOperation({ summary: 'A photo of the document (the image bytes; no-store, nosniff, inline); every view is audited' })
  @ApiResponse({ status: 200, description: 'The photo (Cache-Control: no-store)', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } })
  @ApiAnswers({ errors: { 404: '`File not found` (also once deleted, 90 days after the decision)' } })
  async file(@Param('id') id: string, @Param('fileId') fileId: string, @CurrentUser() admin: PublicUser, @Res() res: Response): Promise<void> {
    const { key } = await this.services.call(MODERATION_PATTERNS.verificationFile, { actor: actorOf(admin), id, fileId });
    let object;
    try {
      object = await this.documents.get(key);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) {
        res.status(404).setHeader('Cache-Control', 'no-store').json({ message: MESSAGES.verification.fileNotFound });
        return;
      }
      throw error;
    }
    res.status(200);
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.size));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', 'inline');
    if (Buffer.isBuffer(object.body)) res.end(object.body);
    else await pipeline(object.body, res);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a pending request (listings marks the checks; the owner is mailed); 409 once decided' })
  @ApiAnswers({ 200: { schema: adminVerificationDetailSchema, description: 'The request, its owner and their listings' }, errors: { 404: '`Request not found`', 409: '`This request has already been decided.`' } })
  approve(@Param('id') id: string, @CurrentUser() admin: PublicUser): Promise<AdminVerificationDetail> {
    return this.services.call(MODERATION_PATTERNS.verificationDecide, { actor: actorOf(admin), id, decision: { outcome: 'approved' } });
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiBody({ schema: jsonSchemaOf(verificationRejectSchema) })
  @ApiOperation({ summary: 'Refuse a pending request with a reason (and a note, required for other); the owner is mailed in their language' })
  @ApiAnswers({
    200: { schema: adminVerificationDetailSchema, description: 'The request, its owner and their listings' },
    errors: { 400: 'No reason, a reason not in the list, other without a note, a note over 1000 characters', 404: '`Request not found`', 409: '`This request has already been decided.`' },
  })
  reject(@Param('id') id: string, @Body(new ZodBody(verificationRejectSchema)) body: VerificationRejectInput, @CurrentUser() admin: PublicUser): Promise<AdminVerificationDetail> {
    return this.services.call(MODERATION_PATTERNS.verificationDecide, { actor: actorOf(admin), id, decision: { outcome: 'rejected', ...body } });
  }
}

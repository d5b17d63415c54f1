import { BadRequestException, Controller, ForbiddenException, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  LIMITS,
  MEDIA_PATTERNS,
  MESSAGES,
  MODERATION_PATTERNS,
  maySendDocuments,
  myVerificationReplySchema,
  parseOrErrors,
  verificationRequestViewSchema,
  verificationUploadSchema,
  type Actor,
  type MyVerificationReply,
  type PublicUser,
  type StoredDocumentFile,
  type VerificationRequestView,
  type VerificationUploadInput,
} from '@mboa/contracts';
import { RpcCallError, type ObjectStore } from '@mboa/platform';
import { actorOf } from '../auth/actor.js';
import { CurrentUser, SignedIn } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { OBJECT_STORE } from '../media/object-store.provider.js';
import { Services } from '../rpc/rpc.provider.js';
import { receiveUpload, refuseUnread, type StagedFile, type UploadLimits } from '../uploads/multipart-upload.js';
import { UploadGuard, type Release } from '../uploads/upload-guard.js';

const M = MESSAGES.verification;
/** Storing three large photos can wait behind postings being processed: longer than a plain call. */
const MEDIA_TIMEOUT_MS = 120_000;

/** The form: kind, documentType, up to 20 propertyIds, the mandate's owner, then the photos. */
const LIMITS_OF_THE_FORM: UploadLimits = {
  fileField: 'files',
  maxFiles: LIMITS.verification.maxFiles,
  maxFileBytes: LIMITS.images.maxBytes,
  maxFields: LIMITS.verification.maxProperties + 10,
  maxFieldBytes: 4096,
  tooManyFilesMessage: M.tooManyFiles,
};

/**
 * An owner's identity document or proof of control, for staff to check
 * (docs/api.md#identity-and-proof-of-control). Who may send, and everything moderation judges
 * (the proof for the role, their own properties, nothing alike pending), is decided before a byte
 * of a photo is stored; the photos go through media's image checks into the documents store.
 * A refusal stores nothing.
 */
@ApiTags('verification')
@Controller('api/me/verification')
@UseGuards(SignedIn)
export class MyVerificationController {
  constructor(
    private readonly services: Services,
    @Inject(OBJECT_STORE) private readonly staging: ObjectStore,
    private readonly guard: UploadGuard,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Where my identity stands, and my requests (newest first)' })
  @ApiAnswers({ 200: { schema: myVerificationReplySchema, description: '`identity` (none, pending, approved, rejected) and `requests`' } })
  mine(@CurrentUser() user: PublicUser): Promise<MyVerificationReply> {
    return this.services.call(MODERATION_PATTERNS.verificationMine, { actor: actorOf(user) });
  }

  @Post()
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'Send an identity document or a proof of control (landlords and caretakers)',
    description:
      'multipart/form-data: `kind` (identity | control), `documentType`, `propertyIds` (control: 1 to 20 of your own ' +
      'properties, repeated or comma-separated), `mandateOwnerName` and `mandateOwnerWhatsapp` (caretaker-mandate), then ' +
      `\`files\`: 1 to ${LIMITS.verification.maxFiles} photos (JPEG, PNG, GIF or WebP, 10 MB each), re-encoded without metadata.`,
  })
  @ApiAnswers({
    201: { schema: verificationRequestViewSchema, description: 'The request, pending' },
    errors: {
      400: 'A field, a type of document that does not fit the kind or your role, no photo, more than 3, or a file that is not an image',
      403: '`Only landlords and caretakers can send documents for checking.`',
      404: '`One of these properties is not yours, or was deleted.`',
      409: '`This document is already waiting for our team.`',
      413: 'A photo over 10 MB',
      429: 'You already have uploads in progress, or too many are being processed; Retry-After',
    },
  })
  async send(@Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() user: PublicUser): Promise<VerificationRequestView> {
    const actor = actorOf(user);
    let release: Release;
    try {
      // Who may send, then a place, before a byte of the body is read.
      if (!maySendDocuments(user.role)) throw new ForbiddenException({ message: M.ownersOnly });
      release = this.guard.enter(user.id);
    } catch (error) {
      refuseUnread(req, res);
      throw error;
    }
    try {
      return await this.receiveAndSend(req, res, actor);
    } finally {
      release();
    }
  }

  private async receiveAndSend(req: Request, res: Response, actor: Actor): Promise<VerificationRequestView> {
    let request: VerificationUploadInput | undefined;
    const upload = await receiveUpload(req, res, this.staging, LIMITS_OF_THE_FORM, {
      beforeFiles: async (fields, withFiles) => {
        request = formOf(fields);
        await this.services.call(MODERATION_PATTERNS.verificationCheck, { actor, request });
        if (!withFiles) throw new BadRequestException({ message: M.filesRequired, errors: [`files: ${M.filesRequired}`] });
      },
    });
    try {
      const { files } = await this.services.call(
        MEDIA_PATTERNS.documentsStore,
        { ownerId: actor.userId, uploads: upload.files.map(({ key, filename }) => ({ key, filename })) },
        { timeoutMs: MEDIA_TIMEOUT_MS },
      );
      try {
        return await this.services.call(MODERATION_PATTERNS.verificationCreate, { actor, request: request!, files });
      } catch (error) {
        await this.discardUnlessMaybeSaved(files, error);
        throw error;
      }
    } finally {
      await this.removeStaged(upload.files);
    }
  }

  /** Moderation refused (or could not be reached): the stored photos belong to nothing. After a timeout it may have saved them: keep them. */
  private async discardUnlessMaybeSaved(files: StoredDocumentFile[], error: unknown): Promise<void> {
    if (error instanceof RpcCallError && error.status === 504) return;
    await this.services.call(MEDIA_PATTERNS.documentsDiscard, { keys: files.map((f) => f.key) }).catch(() => undefined);
  }

  /** Media removes what it read; this covers refusals before media and media failing midway. */
  private async removeStaged(files: readonly StagedFile[]): Promise<void> {
    await Promise.all(files.map((f) => this.staging.remove(f.key).catch(() => undefined)));
  }
}

/** The form's text fields: `propertyIds` (or `propertyIds[]`) may repeat, any other field once. */
function formOf(fields: readonly [string, string][]): VerificationUploadInput {
  const form: Record<string, string | string[]> = {};
  const propertyIds: string[] = [];
  for (const [name, value] of fields) {
    if (name === 'propertyIds' || name === 'propertyIds[]') {
      propertyIds.push(value);
      continue;
    }
    if (name in form) throw new BadRequestException({ message: MESSAGES.upload.duplicateField, errors: [`${name}: ${MESSAGES.upload.duplicateField}`] });
    form[name] = value;
  }
  const result = parseOrErrors(verificationUploadSchema, { ...form, propertyIds });
  if (!result.ok) throw new BadRequestException({ message: result.message, errors: result.errors });
  return result.data;
}

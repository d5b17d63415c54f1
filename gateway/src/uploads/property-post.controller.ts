import { BadRequestException, Controller, HttpCode, Inject, Logger, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  imageKeysOf,
  LIMITS,
  LISTINGS_PATTERNS,
  MEDIA_PATTERNS,
  MESSAGES,
  nestFormFields,
  parseOrErrors,
  propertyPostSchema,
  type Actor,
  type PostPropertyResponse,
  type ProcessedImage,
  type ProcessImagesReply,
  type ProcessImagesRequest,
  type PropertyCreateRequest,
  type PropertyRead,
  type PublicUser,
} from '@mboa/contracts';
import { RpcCallError, type ObjectStore } from '@mboa/platform';
import { CurrentUser, SignedIn } from '../auth/current-session.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { OBJECT_STORE } from '../media/object-store.provider.js';
import { Services } from '../rpc/rpc.provider.js';
import { receiveUpload, type UploadLimits } from './multipart-upload.js';
import { PROPERTY_POST_MULTIPART } from './property-post.openapi.js';

const UPLOAD_LIMITS: UploadLimits = {
  fileField: 'propertyImages',
  maxFiles: LIMITS.images.maxCount,
  maxFileBytes: LIMITS.images.maxBytes,
  // The spec's form has about twenty fields; amenities may also come one per field.
  maxFields: 60,
  maxFieldBytes: LIMITS.http.jsonBodyBytes,
};

/** Ten 12 MP photos queue behind other postings on two cores: far longer than a plain call. */
const MEDIA_TIMEOUT_MS = 120_000;

@ApiTags('properties')
@Controller('api/property')
export class PropertyPostController {
  private readonly logger = new Logger('property-post');

  constructor(
    private readonly services: Services,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('post')
  @HttpCode(201)
  @UseGuards(SignedIn)
  @ApiOperation({
    summary: 'Post a property with its photos (verified landlord or caretaker, or an admin; `userId` posts on behalf)',
    description:
      'Fields are checked before any photo is processed. Photos are streamed to storage while they arrive; ' +
      'the 11th file or a file past 10 MB stops the upload at once. Each photo is re-encoded (WebP, at most ' +
      '1024 px, no metadata) with a thumbnail. The property starts available and not verified.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: PROPERTY_POST_MULTIPART as any })
  @ApiResponse({ status: 201, description: '{ message, property, id, _id }' })
  @ApiResponse({ status: 400, description: 'A field (spec message), more than 10 images, a file that is not JPEG/PNG/GIF/WebP, or not multipart' })
  @ApiResponse({ status: 401, description: 'Signed out' })
  @ApiResponse({ status: 403, description: 'Not allowed to post' })
  @ApiResponse({ status: 413, description: 'An image over 10 MB' })
  async post(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user: PublicUser,
  ): Promise<PostPropertyResponse> {
    const upload = await receiveUpload(req, res, this.store, UPLOAD_LIMITS);
    try {
      const parsed = parseOrErrors(propertyPostSchema, nestFormFields(upload.fields));
      if (!parsed.ok) throw new BadRequestException({ message: parsed.message, errors: parsed.errors });
      const data = parsed.data;
      const actor: Actor = { userId: user.id, role: user.role, isVerified: user.isVerified };

      const images = upload.files.length
        ? await this.processImages({
            ownerId: data.userId ?? user.id,
            title: data.title,
            uploads: upload.files.map(({ key, filename }) => ({ key, filename })),
          })
        : [];
      let reply: PropertyRead | { property: PropertyRead };
      try {
        reply = await this.services.call(LISTINGS_PATTERNS.propertyCreate, { actor, data, images } satisfies PropertyCreateRequest);
      } catch (error) {
        await this.discardUnlessMaybeSaved(images, error);
        throw error;
      }
      const property = 'property' in reply ? reply.property : reply;
      return { message: MESSAGES.property.created, property, id: property.id, _id: property._id ?? property.id };
    } finally {
      // Media deletes what it read; this covers refusals before media and media failing midway.
      await Promise.all(upload.files.map((f) => this.store.remove(f.key).catch(() => undefined)));
    }
  }

  private async processImages(request: ProcessImagesRequest): Promise<ProcessedImage[]> {
    const timeoutMs = Math.max(this.config.rpcTimeoutMs, MEDIA_TIMEOUT_MS);
    const reply = await this.services.call<ProcessImagesReply>(MEDIA_PATTERNS.imagesProcess, request, { timeoutMs });
    return reply.images;
  }

  /**
   * Listings refused (or could not be reached): the processed images belong to nothing, so they
   * go. After a timeout the property may still have been saved, with these images: keep them.
   */
  private async discardUnlessMaybeSaved(images: ProcessedImage[], error: unknown): Promise<void> {
    if (!images.length) return;
    if (error instanceof RpcCallError && error.status === 504) {
      this.logger.warn(`listings did not answer in time; keeping ${images.length} processed images`);
      return;
    }
    try {
      await this.services.call(MEDIA_PATTERNS.imagesDiscard, { keys: imageKeysOf(images) });
    } catch (e) {
      this.logger.warn(`could not discard ${images.length} images: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

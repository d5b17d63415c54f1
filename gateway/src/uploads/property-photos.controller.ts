import { BadRequestException, Controller, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  addPhotosResponseSchema,
  LIMITS,
  LISTINGS_PATTERNS,
  MESSAGES,
  type Actor,
  type AddPhotosResponse,
  type PropertyPhotosCheckReply,
  type PropertyRead,
  type PublicUser,
} from '@mboa/contracts';
import type { ObjectStore } from '@mboa/platform';
import { actorOf } from '../auth/actor.js';
import { CurrentUser, SignedIn } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { OBJECT_STORE } from '../media/object-store.provider.js';
import { Services } from '../rpc/rpc.provider.js';
import { receiveUpload, refuseUnread, type UploadLimits } from './multipart-upload.js';
import { PROPERTY_PHOTOS_MULTIPART } from './property-post.openapi.js';
import { PhotoPipeline } from './photo-pipeline.js';
import { UploadGuard, type Release } from './upload-guard.js';

/** Only photos: a stray text field or two is tolerated and ignored. */
const PHOTO_ONLY_FIELDS = 5;

/**
 * Adding photos to an existing listing (docs/api.md#adding-photos-to-a-listing): the same image
 * rules, places and hourly allowance as a posting with photos, so it is no way around them.
 */
@ApiTags('properties')
@Controller('api/properties')
export class PropertyPhotosController {
  constructor(
    private readonly services: Services,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly guard: UploadGuard,
    private readonly photos: PhotoPipeline,
  ) {}

  @Post(':id/photos')
  @HttpCode(200)
  @UseGuards(SignedIn)
  @ApiOperation({
    summary: 'Add photos to a listing (its owner, or staff)',
    description:
      'Who may add photos and whether the listing has room are decided before the body is read. The photos go after ' +
      `the listing's own, at most ${LIMITS.images.maxCount} in all, with the posting's rules (type by content, ` +
      `${LIMITS.images.maxBytes / 1024 / 1024} MB each, re-encoded). They spend the owner's hourly allowance of postings ` +
      'with photos and take one of the person\'s upload places. The review state is kept. On a listing staff have approved, ' +
      'an owner\'s photos are held for review: marked `awaitingReview` for the owner and staff, shown to nobody else until ' +
      'staff accept them (POST /api/admin/properties/{id}/photos/review). A refusal changes nothing.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: PROPERTY_PHOTOS_MULTIPART })
  @ApiAnswers({
    200: { schema: addPhotosResponseSchema, description: '{ message, property }: the listing as its owner sees it, every photo, the new ones last (held ones marked)' },
    errors: {
      400: '`Maximum 10 images allowed` (the listing is full, or the photos would pass 10 in all), no photo, a file that is not JPEG/PNG/GIF/WebP, or not multipart',
      404: '`Property not found`: unknown, deleted, or not yours (staff excepted)',
      413: 'An image over 10 MB (`errors` names the file)',
      429: 'The owner\'s postings with photos for this hour are spent, this person already has uploads in progress, or too many are being processed; Retry-After',
    },
  })
  async add(
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user: PublicUser,
  ): Promise<AddPhotosResponse> {
    const actor = actorOf(user);
    let listing: PropertyPhotosCheckReply;
    let release: Release;
    try {
      // Permission (and room) before work, then a place, before a byte of the body is read.
      listing = await this.services.call(LISTINGS_PATTERNS.propertyPhotosCheck, { actor, id });
      release = this.guard.enter(user.id);
    } catch (error) {
      refuseUnread(req, res);
      throw error;
    }
    try {
      return await this.receiveAndAdd(req, res, actor, id, listing);
    } finally {
      release();
    }
  }

  private async receiveAndAdd(req: Request, res: Response, actor: Actor, id: string, listing: PropertyPhotosCheckReply): Promise<AddPhotosResponse> {
    const limits: UploadLimits = {
      fileField: 'propertyImages',
      // The photo past the listing's room stops the upload at once (400 Maximum 10 images allowed).
      maxFiles: LIMITS.images.maxCount - listing.photoCount,
      maxFileBytes: LIMITS.images.maxBytes,
      maxFields: PHOTO_ONLY_FIELDS,
      maxFieldBytes: 1024,
    };
    const upload = await receiveUpload(req, res, this.store, limits, {
      beforeFiles: async (_fields, withFiles) => {
        if (!withFiles) throw new BadRequestException({ message: MESSAGES.property.photosRequired, errors: [`propertyImages: ${MESSAGES.property.photosRequired}`] });
        await this.guard.consume(listing.ownerId);
      },
    });
    try {
      const images = await this.photos.process({
        ownerId: listing.ownerId,
        title: listing.title,
        uploads: upload.files.map(({ key, filename }) => ({ key, filename })),
      });
      let property: PropertyRead;
      try {
        property = await this.services.call(LISTINGS_PATTERNS.propertyPhotosAdd, { actor, id, images });
      } catch (error) {
        await this.photos.discardUnlessMaybeSaved(images, error);
        throw error;
      }
      // The new photos are last; on an approved listing an owner's wait for staff, and they are told so.
      const held = property.propertyImages.slice(-images.length).some((photo) => photo.awaitingReview);
      return { message: held ? MESSAGES.property.photosAwaitingReview : MESSAGES.property.photosAdded, property };
    } finally {
      await this.photos.removeStaged(upload.files);
    }
  }
}

import { BadRequestException, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  LIMITS,
  LISTINGS_PATTERNS,
  MESSAGES,
  nestFormFields,
  parseOrErrors,
  postPropertyResponseSchema,
  propertyPostSchema,
  type Actor,
  type PostPropertyResponse,
  type PropertyCreateRequest,
  type PropertyPostCheckRequest,
  type PropertyPostInput,
  type PropertyRead,
  type PublicUser,
} from '@mboa/contracts';
import type { ObjectStore } from '@mboa/platform';
import { actorOf } from '../auth/actor.js';
import { CurrentUser, SignedIn } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { postingKeyOf } from '../http/idempotency/index.js';
import { OBJECT_STORE } from '../media/object-store.provider.js';
import { Services } from '../rpc/rpc.provider.js';
import { receiveUpload, refuseUnread, type UploadLimits } from './multipart-upload.js';
import { PROPERTY_POST_MULTIPART } from './property-post.openapi.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';
import { PhotoPipeline } from './photo-pipeline.js';
import { UploadGuard, type Release } from './upload-guard.js';

/** The fields of a posting as checked, and whose property it will be. */
interface AcceptedPost {
  data: PropertyPostInput;
  ownerId: string;
}

/** Form fields that may repeat (one amenity per field); any other repeated name is refused. */
const REPEATABLE = new Set(['amenities']);

const UPLOAD_LIMITS: UploadLimits = {
  fileField: 'propertyImages',
  maxFiles: LIMITS.images.maxCount,
  maxFileBytes: LIMITS.images.maxBytes,
  // The post form has about twenty fields; amenities may also come one per field.
  maxFields: 60,
  maxFieldBytes: LIMITS.http.jsonBodyBytes,
};

@ApiTags('properties')
@Controller('api/property')
export class PropertyPostController {
  constructor(
    private readonly services: Services,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly guard: UploadGuard,
    private readonly photos: PhotoPipeline,
  ) {}

  @Post('post')
  @HttpCode(201)
  @UseGuards(SignedIn)
  @ApiOperation({
    summary: 'Post a property with its photos (verified landlord or caretaker, or an admin; `userId` posts on behalf)',
    description:
      'Who may post is decided before the body is read; the text fields (which come before the photos) are ' +
      'checked before a byte of any photo is stored. Photos are streamed to storage while they arrive; ' +
      'the 11th file or a file past 10 MB stops the upload at once. Each photo is re-encoded (WebP, at most ' +
      '1024 px, no metadata) with a thumbnail. The property starts available and not verified. ' +
      `At most ${LIMITS.uploads.postsWithPhotosPerUser} postings with photos per owner per hour (staff posting for an owner ` +
      'spend that owner\'s; postings without photos count nothing), at most ' +
      `${LIMITS.uploads.concurrentPostsPerPerson} uploads in progress per person and a bounded number per gateway: past any, ` +
      '429 with Retry-After. A body slower than the floor (docs/api.md#limits) is cut.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: PROPERTY_POST_MULTIPART })
  @ApiAnswers({
    201: { schema: postPropertyResponseSchema, description: '{ message, property, id, _id }: the new property, not verified yet' },
    errors: {
      400: 'A field (its message), more than 10 images, a file that is not JPEG/PNG/GIF/WebP, fields after the photos, a repeated field, or not multipart',
      403: `Not allowed to post (a renter, an unverified owner, a non-admin naming someone else), a landlord or caretaker whose WhatsApp number is not proven (\`${MESSAGES.whatsappProof.requiredToPost}\`, errors: \`whatsapp: …\`), or a request from another site`,
      404: '`Owner not found` (an admin posting for an unknown user)',
      413: 'An image over 10 MB (`errors` names the file), a text field over 100 KB, or more than 60 fields',
      429: `Too many postings with photos for this owner this hour, ${LIMITS.uploads.concurrentPostsPerPerson} uploads of this person already in progress, or too many being processed; Retry-After`,
    },
  })
  async post(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentUser() user: PublicUser,
  ): Promise<PostPropertyResponse> {
    const actor = actorOf(user);
    let release: Release;
    try {
      // Permission before work: listings decides whether this person may post at all, and this
      // replica's places (and this person's share of them) are taken, before a byte of the body is
      // read. The hourly photo allowance waits for the fields: it is the owner's, and a posting
      // without photos never spends it.
      await this.services.call(LISTINGS_PATTERNS.propertyPostCheck, { actor } satisfies PropertyPostCheckRequest);
      release = this.guard.enter(user.id);
    } catch (error) {
      refuseUnread(req, res);
      throw error;
    }
    try {
      return await this.receiveAndCreate(req, res, actor);
    } finally {
      release();
    }
  }

  private async receiveAndCreate(req: Request, res: Response, actor: Actor): Promise<PostPropertyResponse> {
    const accepted: { post?: AcceptedPost } = {};
    const upload = await receiveUpload(req, res, this.store, UPLOAD_LIMITS, {
      beforeFiles: async (fields, withFiles) => {
        accepted.post = await this.checkFields(actor, fields, withFiles);
      },
    });
    try {
      if (!accepted.post) throw new BadRequestException({ message: UPLOAD_MESSAGES.malformed });
      const { data, ownerId } = accepted.post;

      const images = upload.files.length
        ? await this.photos.process({
            ownerId,
            title: data.title,
            uploads: upload.files.map(({ key, filename }) => ({ key, filename })),
          })
        : [];
      let property: PropertyRead;
      const postingKey = postingKeyOf(req);
      try {
        property = await this.services.call(LISTINGS_PATTERNS.propertyCreate, {
          actor,
          data,
          images,
          ...(postingKey ? { postingKey } : {}),
        } satisfies PropertyCreateRequest);
      } catch (error) {
        await this.photos.discardUnlessMaybeSaved(images, error);
        throw error;
      }
      // A retry of a posting already made gets the first send's listing: these photos are spare.
      if (postingKey) await this.photos.discardUnused(images, property);
      return { message: MESSAGES.property.created, property, id: property.id, _id: property._id ?? property.id };
    } finally {
      await this.photos.removeStaged(upload.files);
    }
  }

  /**
   * The text fields, judged before any photo is stored: each at most once, valid by the shared
   * schema, and accepted by listings for this actor (and the owner `userId` names). A posting
   * with photos then counts against its owner's hourly allowance, whoever posts it.
   */
  private async checkFields(actor: Actor, fields: readonly [string, string][], withFiles: boolean): Promise<AcceptedPost> {
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const [name] of fields) {
      if (seen.has(name) && !REPEATABLE.has(name) && !name.endsWith('[]')) repeated.add(name);
      seen.add(name);
    }
    if (repeated.size) {
      throw new BadRequestException({
        message: UPLOAD_MESSAGES.duplicateField,
        errors: [...repeated].map((name) => `${name}: ${UPLOAD_MESSAGES.duplicateField}`),
      });
    }
    const parsed = parseOrErrors(propertyPostSchema, nestFormFields(fields));
    if (!parsed.ok) throw new BadRequestException({ message: parsed.message, errors: parsed.errors });
    const { ownerId } = await this.services.call(LISTINGS_PATTERNS.propertyPostCheck, {
      actor,
      data: parsed.data,
    } satisfies PropertyPostCheckRequest);
    const owner = ownerId ?? actor.userId;
    if (withFiles) await this.guard.consume(owner);
    return { data: parsed.data, ownerId: owner };
  }
}

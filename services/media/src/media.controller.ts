import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MEDIA_PATTERNS, type ReplyOf } from '@mboa/contracts';
import { DocumentFiles } from './documents/documents.service.js';
import { HealthService } from './health.service.js';
import { ImageUploads } from './image-uploads.service.js';

@Controller()
export class MediaController {
  constructor(
    private readonly uploads: ImageUploads,
    private readonly health: HealthService,
    private readonly documents: DocumentFiles,
  ) {}

  /**
   * Staged uploads → WebP variants in the object store, in the order posted (see ProcessImagesRequest).
   * Media checks this message itself (not at the door): a refused request's staged uploads are removed.
   */
  @MessagePattern(MEDIA_PATTERNS.imagesProcess)
  process(@Payload() payload: unknown): Promise<ReplyOf<typeof MEDIA_PATTERNS.imagesProcess>> {
    return this.uploads.process(payload);
  }

  /** Deletes variants, e.g. of images whose property listings refused after they were processed. */
  @MessagePattern(MEDIA_PATTERNS.imagesDiscard)
  discard(@Payload() payload: unknown): Promise<ReplyOf<typeof MEDIA_PATTERNS.imagesDiscard>> {
    return this.uploads.discard(payload);
  }

  /** Staged photos of an identity or control document → the documents store (checked here, like imagesProcess). */
  @MessagePattern(MEDIA_PATTERNS.documentsStore)
  storeDocuments(@Payload() payload: unknown): Promise<ReplyOf<typeof MEDIA_PATTERNS.documentsStore>> {
    return this.documents.store(payload);
  }

  @MessagePattern(MEDIA_PATTERNS.documentsDiscard)
  discardDocuments(@Payload() payload: unknown): Promise<ReplyOf<typeof MEDIA_PATTERNS.documentsDiscard>> {
    return this.documents.discard(payload);
  }

  @MessagePattern(MEDIA_PATTERNS.health)
  check(): Promise<ReplyOf<typeof MEDIA_PATTERNS.health>> {
    return this.health.check();
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MEDIA_PATTERNS, type HealthReply, type ProcessImagesReply } from '@mboa/contracts';
import { HealthService } from './health.service.js';
import { ImageUploads } from './image-uploads.service.js';

@Controller()
export class MediaController {
  constructor(
    private readonly uploads: ImageUploads,
    private readonly health: HealthService,
  ) {}

  /** Staged uploads → WebP variants in the object store, in the order posted (see ProcessImagesRequest). */
  @MessagePattern(MEDIA_PATTERNS.imagesProcess)
  process(@Payload() payload: unknown): Promise<ProcessImagesReply> {
    return this.uploads.process(payload);
  }

  /** Deletes variants, e.g. of images whose property listings refused after they were processed. */
  @MessagePattern(MEDIA_PATTERNS.imagesDiscard)
  discard(@Payload() payload: unknown): Promise<{ removed: number }> {
    return this.uploads.discard(payload);
  }

  @MessagePattern(MEDIA_PATTERNS.health)
  check(): Promise<HealthReply> {
    return this.health.check();
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { imageKeysOf, MEDIA_PATTERNS, type ProcessedImage, type ProcessImagesRequest } from '@mboa/contracts';
import { RpcCallError, type ObjectStore } from '@mboa/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { OBJECT_STORE } from '../media/object-store.provider.js';
import { Services } from '../rpc/rpc.provider.js';
import type { StagedFile } from './multipart-upload.js';

/** Ten 12 MP photos queue behind other postings on two cores: far longer than a plain call. */
const MEDIA_TIMEOUT_MS = 120_000;

/** What happens to received photos after the upload: media processes them, and what belongs to nothing goes. */
@Injectable()
export class PhotoPipeline {
  private readonly logger = new Logger('photos');

  constructor(
    private readonly services: Services,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async process(request: ProcessImagesRequest): Promise<ProcessedImage[]> {
    const timeoutMs = Math.max(this.config.rpcTimeoutMs, MEDIA_TIMEOUT_MS);
    const reply = await this.services.call(MEDIA_PATTERNS.imagesProcess, request, { timeoutMs });
    return reply.images;
  }

  /** Media deletes what it read; this covers refusals before media and media failing midway. */
  async removeStaged(files: readonly StagedFile[]): Promise<void> {
    await Promise.all(files.map((f) => this.store.remove(f.key).catch(() => undefined)));
  }

  /**
   * A retry of a posting listings had already made (docs/api.md#idempotency-key) answers with the
   * first send's listing and photos: this send's own processed photos belong to nothing.
   */
  async discardUnused(images: readonly ProcessedImage[], property: { propertyImages: readonly { url: string }[] }): Promise<void> {
    const used = new Set(property.propertyImages.map((photo) => photo.url));
    const unused = images.filter((image) => !used.has(image.large.url));
    if (!unused.length) return;
    await this.services.call(MEDIA_PATTERNS.imagesDiscard, { keys: imageKeysOf(unused) }).catch((e: unknown) => {
      this.logger.warn(`could not discard ${unused.length} images: ${e instanceof Error ? e.message : String(e)}`);
    });
  }

  /**
   * Listings refused (or could not be reached): the processed images belong to nothing, so they
   * go. After a timeout the property may still have been saved, with these images: keep them.
   */
  async discardUnlessMaybeSaved(images: ProcessedImage[], error: unknown): Promise<void> {
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

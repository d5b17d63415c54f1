import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  HTTP_STATUS,
  isStagingKey,
  LIMITS,
  MESSAGES,
  type ProcessedImage,
  type ProcessImagesReply,
  type ProcessImagesRequest,
} from '@mboa/contracts';
import { fail, ObjectNotFoundError, parsePayload, ServiceException, watchWorkQueue, workQueueRejected, type ObjectStore } from '@mboa/platform';
import { z } from 'zod';
import { removeStagedUploads } from './staged-uploads.js';
import { ImageRejectedError } from './images/image-errors.js';
import { ImageProcessor } from './images/image-processor.js';
import { readAtMost } from './images/read-limited.js';
import { MEDIA_CONFIG, type MediaConfig } from './config.js';
import { MEDIA_QUEUE, ProcessingQueue } from './processing-queue.js';
import { parsePropertyImageKey } from './property-images/property-image-keys.js';
import { PropertyImages, type SavedPropertyImage } from './property-images/property-images.js';
import { altText, displayName } from './alt-text.js';

const SCOPE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const processSchema = z.object({
  ownerId: z.string().trim().min(1).max(100),
  propertyId: z.string().regex(SCOPE_ID).optional(),
  title: z.string().max(500).optional(),
  uploads: z
    .array(z.object({ key: z.string().refine(isStagingKey, 'not a staging key'), filename: z.string().max(1000) }), {
      error: MESSAGES.property.maxImages,
    })
    .min(1)
    .max(LIMITS.images.maxCount, { error: MESSAGES.property.maxImages }),
});

/** Two variants per image and at most 10 images per property, with room for a few retries. */
const discardSchema = z.object({
  keys: z.array(z.string().refine((k) => parsePropertyImageKey(k) !== undefined, 'not a property image key')).max(200),
});

/** Text of a staged upload that is gone (expired, or a duplicate request): the client should post again. */
export const UPLOAD_MISSING = 'The uploaded image could not be found. Please post again.';

/**
 * Turns staged uploads into stored, metadata-free WebP variants, in the order posted, or refuses
 * them all: a posting never ends up with some of its images.
 */
@Injectable()
export class ImageUploads {
  private readonly logger = new Logger('media');
  private readonly store: ObjectStore;
  private readonly images: PropertyImages;
  readonly queue: ProcessingQueue;

  constructor(@Inject(MEDIA_CONFIG) config: MediaConfig) {
    this.store = config.store;
    this.images = new PropertyImages(new ImageProcessor(), config.store);
    this.queue = new ProcessingQueue(config.processingConcurrency, config.maxWaitingImages ?? LIMITS.uploads.mediaMaxWaitingImages);
    // Read at scrape time: the operators' "Media queue" panel and its alert-free trend.
    watchWorkQueue(MEDIA_QUEUE, () => ({ running: this.queue.active, waiting: this.queue.pending }));
  }

  async process(payload: unknown): Promise<ProcessImagesReply> {
    let request: ProcessImagesRequest;
    try {
      request = parsePayload(processSchema, payload);
    } catch (e) {
      await removeStagedUploads(this.store, payload, 100);
      throw e;
    }
    // A posting is processed whole or not at all: when its photos would not all find a place in
    // the line, it is refused before any is decoded (the client retries after Retry-After).
    if (!this.queue.hasRoomFor(request.uploads.length)) {
      workQueueRejected.inc({ queue: MEDIA_QUEUE });
      await removeStagedUploads(this.store, request, 100);
      throw fail.tooMany(MESSAGES.upload.busy, LIMITS.uploads.busyRetryAfterSeconds);
    }
    // Keys are content-addressed within a scope; a fresh scope per posting means two properties
    // never share a file, so deleting one property's images never touches another's.
    const scopeId = request.propertyId ?? randomUUID();
    const outcomes = await Promise.allSettled(request.uploads.map((upload) => this.queue.run(() => this.processOne(scopeId, upload.key))));

    const failedAt = outcomes.findIndex((o) => o.status === 'rejected');
    if (failedAt >= 0) {
      const saved = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      await this.removeVariants(saved.flatMap((s) => [s.large.key, s.thumbnail.key]));
      await Promise.all(request.uploads.map((u) => this.store.remove(u.key).catch(() => undefined)));
      throw this.refusal((outcomes[failedAt] as PromiseRejectedResult).reason, request.uploads[failedAt].filename);
    }
    const total = request.uploads.length;
    const images: ProcessedImage[] = outcomes.map((o, index) => {
      const saved = (o as PromiseFulfilledResult<SavedPropertyImage>).value;
      return {
        large: saved.large,
        thumbnail: saved.thumbnail,
        alt: altText(request.title, request.uploads[index].filename, index, total),
        perceptualHash: saved.perceptualHash,
        croppedHashes: saved.croppedHashes,
        turnedHashes: saved.turnedHashes,
      };
    });
    return { images };
  }

  /** Deletes variants (keys of `properties/…` only); missing ones are fine. */
  async discard(payload: unknown): Promise<{ removed: number }> {
    const { keys } = parsePayload(discardSchema, payload);
    await this.removeVariants(keys);
    return { removed: keys.length };
  }

  async removeVariants(keys: readonly string[]): Promise<void> {
    const valid = [...new Set(keys)].filter((k) => parsePropertyImageKey(k) !== undefined);
    await Promise.all(valid.map((k) => this.store.remove(k)));
  }

  private async processOne(scopeId: string, stagingKey: string): Promise<SavedPropertyImage> {
    let object;
    try {
      object = await this.store.get(stagingKey);
    } catch (e) {
      if (e instanceof ObjectNotFoundError) throw fail.badRequest(UPLOAD_MISSING);
      throw e;
    }
    // Second guard behind the gateway's streaming cap: stops reading past 10 MB.
    const bytes = Buffer.isBuffer(object.body) ? object.body : await readAtMost(object.body, LIMITS.images.maxBytes);
    const saved = await this.images.save(scopeId, bytes);
    await this.store.remove(stagingKey);
    return saved;
  }

  /** The NATS refusal for one failed upload, naming the file in `errors`. */
  private refusal(reason: unknown, filename: string): unknown {
    if (reason instanceof ImageRejectedError) {
      return new ServiceException(reason.status, reason.message, [`${displayName(filename)}: ${reason.message}`]);
    }
    if (reason instanceof ServiceException) {
      const body = reason.body;
      return new ServiceException(body.status, body.message, [`${displayName(filename)}: ${body.message}`]);
    }
    this.logger.error(`processing ${displayName(filename)} failed: ${reason instanceof Error ? reason.stack ?? reason.message : String(reason)}`);
    return new ServiceException(HTTP_STATUS.internal, MESSAGES.common.internalError);
  }
}

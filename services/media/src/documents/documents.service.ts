import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  HTTP_STATUS,
  isStagingKey,
  LIMITS,
  MESSAGES,
  type StoreDocumentsReply,
  type StoredDocumentFile,
} from '@mboa/contracts';
import { fail, ObjectNotFoundError, parsePayload, ServiceException, workQueueRejected, type ObjectStore } from '@mboa/platform';
import { z } from 'zod';
import { removeStagedUploads } from '../staged-uploads.js';
import { displayName } from '../alt-text.js';
import { MEDIA_CONFIG, type MediaConfig } from '../config.js';
import { ImageUploads, UPLOAD_MISSING } from '../image-uploads.service.js';
import { MEDIA_QUEUE } from '../processing-queue.js';
import { ImageRejectedError } from '../images/image-errors.js';
import { ImageProcessor } from '../images/image-processor.js';
import { readAtMost } from '../images/read-limited.js';
import { DOCUMENT_IMAGE_OPTIONS, DOCUMENT_KEY, documentKey } from './document-images.js';

const storeSchema = z.object({
  ownerId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  uploads: z
    .array(z.object({ key: z.string().refine(isStagingKey, 'not a staging key'), filename: z.string().max(1000) }), {
      error: MESSAGES.verification.filesRequired,
    })
    .min(1, { error: MESSAGES.verification.filesRequired })
    .max(LIMITS.verification.maxFiles, { error: MESSAGES.verification.tooManyFiles }),
});

const discardSchema = z.object({ keys: z.array(z.string().regex(DOCUMENT_KEY)).max(100) });

/**
 * Photos of identity and control documents (docs/architecture.md#identity-and-control-documents):
 * staged uploads are checked and re-encoded like listing photos, then kept in the documents store,
 * apart from the photos /media serves. All or nothing: a refused photo leaves none stored. Logs
 * name no key and no file name (a file name can be a person's name).
 */
@Injectable()
export class DocumentFiles {
  private readonly logger = new Logger('media-documents');
  private readonly processor = new ImageProcessor(DOCUMENT_IMAGE_OPTIONS);

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly photos: ImageUploads,
  ) {}

  private get staging(): ObjectStore {
    return this.config.store;
  }

  private get documents(): ObjectStore {
    return this.config.documents;
  }

  async store(payload: unknown): Promise<StoreDocumentsReply> {
    let request: z.output<typeof storeSchema>;
    try {
      request = parsePayload(storeSchema, payload);
    } catch (e) {
      await removeStagedUploads(this.staging, payload, 10);
      throw e;
    }
    // Documents wait in the same line as listing photos: one decode per core for everything.
    const queue = this.photos.queue;
    if (!queue.hasRoomFor(request.uploads.length)) {
      workQueueRejected.inc({ queue: MEDIA_QUEUE });
      await removeStagedUploads(this.staging, request, 10);
      throw fail.tooMany(MESSAGES.upload.busy, LIMITS.uploads.busyRetryAfterSeconds);
    }
    const outcomes = await Promise.allSettled(request.uploads.map((upload) => queue.run(() => this.storeOne(request.ownerId, upload.key))));
    await Promise.all(request.uploads.map((u) => this.staging.remove(u.key).catch(() => undefined)));
    const failedAt = outcomes.findIndex((o) => o.status === 'rejected');
    if (failedAt >= 0) {
      const stored = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.key] : []));
      await Promise.all(stored.map((key) => this.documents.remove(key).catch(() => undefined)));
      throw this.refusal((outcomes[failedAt] as PromiseRejectedResult).reason, request.uploads[failedAt].filename);
    }
    return { files: outcomes.map((o) => (o as PromiseFulfilledResult<StoredDocumentFile>).value) };
  }

  /** Deletes stored document photos (keys of `documents/…` only); missing ones are fine. */
  async discard(payload: unknown): Promise<{ removed: number }> {
    const { keys } = parsePayload(discardSchema, payload);
    await Promise.all([...new Set(keys)].map((key) => this.documents.remove(key)));
    return { removed: keys.length };
  }

  private async storeOne(ownerId: string, stagingKey: string): Promise<StoredDocumentFile> {
    let object;
    try {
      object = await this.staging.get(stagingKey);
    } catch (e) {
      if (e instanceof ObjectNotFoundError) throw fail.badRequest(UPLOAD_MISSING);
      throw e;
    }
    const bytes = Buffer.isBuffer(object.body) ? object.body : await readAtMost(object.body, LIMITS.images.maxBytes);
    const processed = await this.processor.process(bytes);
    const key = documentKey(ownerId, randomUUID());
    await this.documents.put(key, processed.large.buffer, processed.large.contentType);
    return { key, size: processed.large.bytes };
  }

  private refusal(reason: unknown, filename: string): unknown {
    if (reason instanceof ImageRejectedError) {
      return new ServiceException(reason.status, reason.message, [`${displayName(filename)}: ${reason.message}`]);
    }
    if (reason instanceof ServiceException) return reason;
    this.logger.error(`storing a document photo failed: ${reason instanceof Error ? reason.message : String(reason)}`);
    return new ServiceException(HTTP_STATUS.internal, MESSAGES.common.internalError);
  }
}

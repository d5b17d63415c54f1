import { HTTP_STATUS, serviceError, type ServiceError } from '@mboa/contracts';
import { IMAGE_MESSAGES } from './image-limits.js';

export type ImageRejectionCode = 'unsupported_type' | 'unreadable' | 'too_many_pixels' | 'too_many_bytes';

/**
 * An upload refused because of what the client sent, never because of our own fault. `status` is
 * the HTTP status the gateway should answer with, `message` the text shown to the person.
 */
export abstract class ImageRejectedError extends Error {
  abstract readonly code: ImageRejectionCode;
  abstract readonly status: typeof HTTP_STATUS.badRequest | typeof HTTP_STATUS.payloadTooLarge;

  /** The reply a service sends over NATS for this rejection. */
  toServiceError(): ServiceError {
    return serviceError(this.status, this.message);
  }
}

/** Not JPEG, PNG, GIF or WebP by its bytes (whatever the file name says). */
export class UnsupportedImageTypeError extends ImageRejectedError {
  readonly code = 'unsupported_type';
  readonly status = HTTP_STATUS.badRequest;
  constructor() {
    super(IMAGE_MESSAGES.unsupportedType);
    this.name = 'UnsupportedImageTypeError';
  }
}

/** Right signature but the decoder gave up: truncated or corrupt data. */
export class UnreadableImageError extends ImageRejectedError {
  readonly code = 'unreadable';
  readonly status = HTTP_STATUS.badRequest;
  constructor(options?: { cause?: unknown }) {
    super(IMAGE_MESSAGES.unreadable, options);
    this.name = 'UnreadableImageError';
  }
}

/** Declares more pixels than we agree to decode (decompression bomb or absurd dimensions). */
export class ImageDimensionsTooLargeError extends ImageRejectedError {
  readonly code = 'too_many_pixels';
  readonly status = HTTP_STATUS.badRequest;
  constructor(readonly maxPixels: number) {
    super(IMAGE_MESSAGES.tooManyPixels(maxPixels));
    this.name = 'ImageDimensionsTooLargeError';
  }
}

/** More bytes than one image may have. */
export class ImageTooLargeError extends ImageRejectedError {
  readonly code = 'too_many_bytes';
  readonly status = HTTP_STATUS.payloadTooLarge;
  constructor(readonly maxBytes: number) {
    super(IMAGE_MESSAGES.tooManyBytes);
    this.name = 'ImageTooLargeError';
  }
}

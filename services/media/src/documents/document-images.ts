import type { ImageProcessorOptions } from '../images/image-processor.js';

const KB = 1024;

/**
 * Photos of identity and control documents go through the same checks as listing photos (type by
 * content, 10 MB, pixel cap, decoded and re-encoded without metadata) but are kept larger and
 * sharper: staff must read a card number and a signature, where a listing photo only has to look
 * right on a phone. No thumbnail or hash of them is kept.
 */
export const DOCUMENT_IMAGE_OPTIONS: ImageProcessorOptions = {
  largeMaxDimension: 2048,
  largeTargetBytes: 600 * KB,
  largeAcceptBytes: 800 * KB,
  largeRetryAboveBytes: 1000 * KB,
  largeStartQuality: 85,
  largeMinQuality: 70,
};

/** Where a document photo is kept in the documents store: per owner, a fresh id (never the content's hash). */
export const DOCUMENT_KEY = /^documents\/[A-Za-z0-9_-]{1,100}\/[0-9a-f-]{36}\.webp$/;

export function documentKey(ownerId: string, fileId: string): string {
  return `documents/${ownerId}/${fileId}.webp`;
}

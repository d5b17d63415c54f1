import type { ProcessedImageVariant } from '@mboa/contracts';
import type { AcceptedImageType } from '../images/image-limits.js';
import type { ImageProcessor, ImageVariant } from '../images/image-processor.js';
import type { ObjectStore } from '@mboa/platform';
import {
  imageIdFor,
  mediaUrl,
  propertyImageKeys,
  propertyImagePrefix,
  type PropertyImageVariant,
} from './property-image-keys.js';

/** One stored image: the contract's `ProcessedImage` without `alt`, which the caller knows. */
export interface SavedPropertyImage {
  imageId: string;
  sourceType: AcceptedImageType;
  large: ProcessedImageVariant;
  thumbnail: ProcessedImageVariant;
  perceptualHash: string;
  croppedHashes: string[];
  turnedHashes: string[];
}

/**
 * The use case behind an upload: validate and re-encode one image, then store its variants.
 * Safe to run twice for the same bytes (same keys, same content).
 */
export class PropertyImages {
  constructor(
    private readonly processor: ImageProcessor,
    private readonly store: ObjectStore,
  ) {}

  /** @throws ImageRejectedError for anything but an acceptable image; nothing is stored then. */
  async save(scopeId: string, upload: Uint8Array): Promise<SavedPropertyImage> {
    const imageId = imageIdFor(upload);
    const keys = propertyImageKeys(scopeId, imageId);
    const processed = await this.processor.process(upload);
    const put = async (variant: PropertyImageVariant, image: ImageVariant): Promise<ProcessedImageVariant> => {
      const key = keys[variant];
      await this.store.put(key, image.buffer, image.contentType);
      return { key, url: mediaUrl(key), width: image.width, height: image.height, bytes: image.bytes, mimeType: image.contentType };
    };
    const [large, thumbnail] = await Promise.all([put('large', processed.large), put('thumb', processed.thumb)]);
    return {
      imageId,
      sourceType: processed.sourceType,
      large,
      thumbnail,
      perceptualHash: processed.perceptualHash,
      croppedHashes: processed.croppedHashes,
      turnedHashes: processed.turnedHashes,
    };
  }

  async remove(scopeId: string, imageId: string): Promise<void> {
    const keys = propertyImageKeys(scopeId, imageId);
    await Promise.all([this.store.remove(keys.large), this.store.remove(keys.thumb)]);
  }

  /** Every variant of every image of a property (or upload), e.g. when it is deleted. */
  async removeAll(scopeId: string): Promise<void> {
    for (const key of await this.store.list(propertyImagePrefix(scopeId))) await this.store.remove(key);
  }
}

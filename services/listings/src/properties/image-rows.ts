import type { ProcessedImage, ProcessedImageVariant } from '@mboa/contracts';
import { photoHashColumn } from './photo-matches.js';

type Variant = Pick<ProcessedImageVariant, 'key' | 'url' | 'width' | 'height'>;
/** What a row keeps of a processed image (as checked at listings' door, its byte counts optional). */
type ImageIn = Pick<ProcessedImage, 'alt' | 'perceptualHash' | 'croppedHashes' | 'turnedHashes'> & { large: Variant; thumbnail: Variant };

/**
 * The `property_images` rows of photos processed by media, placed from `firstPosition` on in the
 * order given; `heldForReview` keeps them from the public until staff accept them (rules/photo-review).
 */
export function imageRowsOf(images: readonly ImageIn[], firstPosition = 0, heldForReview = false) {
  return images.map((image, i) => ({
    position: firstPosition + i,
    heldForReview,
    largeKey: image.large.key,
    largeUrl: image.large.url,
    thumbKey: image.thumbnail.key,
    thumbUrl: image.thumbnail.url,
    width: image.large.width,
    height: image.large.height,
    thumbWidth: image.thumbnail.width,
    thumbHeight: image.thumbnail.height,
    alt: image.alt,
    perceptualHash: photoHashColumn(image.perceptualHash),
    croppedHashes: (image.croppedHashes ?? []).flatMap((hash) => photoHashColumn(hash) ?? []),
    turnedHashes: (image.turnedHashes ?? []).flatMap((hash) => photoHashColumn(hash) ?? []),
  }));
}

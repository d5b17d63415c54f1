import { LIMITS } from '../limits.js';

/** Both stored variants of a property photo, ready for `srcset` / `imagesrcset`. */
export interface PhotoSources {
  /** The small variant: the fallback `src`, and what a small, low-density screen takes. */
  src: string;
  /** `url width`w candidates, small first; absent when the URL is not a known variant. */
  srcSet?: string;
  /** The large variant's intrinsic size, for `width`/`height` (its ratio reserves the space). */
  width: number;
  height: number;
}

/**
 * How wide the web app draws each photo, for `sizes` (and the gateway's `imagesizes` when it
 * preloads a details page's first photo, which must pick the same file as the page). Phones are
 * under 768 px (the app's desktop layouts start there); the container is at most 1180 px wide.
 */
export const PHOTO_SIZES = {
  /** A search card: `.grid` columns of at least 240 px. */
  card: '(min-width: 1060px) 290px, (min-width: 800px) 33vw, (min-width: 540px) 50vw, 100vw',
  /** A details page's first photo with others beside it: the carousel on a phone, the grid's main cell on a desktop. */
  detailsMain: '(min-width: 1180px) 400px, (min-width: 768px) 35vw, 100vw',
  /** The same when it is the only photo (it fills the grid). */
  detailsMainAlone: '(min-width: 1180px) 780px, (min-width: 768px) 66vw, 100vw',
  /** The small photos beside it on a desktop. */
  detailsThumb: '(min-width: 1180px) 200px, 17vw',
} as const;

/**
 * Where cards stand in one column (a phone): there a card takes the thumbnail whatever the screen's
 * density. At DPR 3 the browser would otherwise fetch the large variant for every card (a camera
 * photo's is about 120 KB against 22 KB), and native lazy loading fetches the cards up to 2,500 px
 * below the screen on a slow network: the photos alone would be many times the page.
 */
export const CARD_THUMBNAIL_ONLY = '(max-width: 539px)';

const VARIANT = /-(large|thumb)\.webp$/;

/**
 * The small and large variants of a property photo from the URL of either one: the media service
 * stores `<id>-large.webp` (long side ≤ LIMITS.images.maxDimension) and `<id>-thumb.webp` (long side
 * ≤ LIMITS.images.thumbnailDimension) side by side, so the browser can take the one the screen
 * needs. `large` is the large variant's size when known (a property's `propertyImages` carry it);
 * otherwise a landscape 4:3 photo at the full size is assumed, as the pipeline mostly makes.
 */
export function photoSources(url: string, large?: { width: number; height: number }): PhotoSources {
  const { maxDimension, thumbnailDimension } = LIMITS.images;
  const width = large?.width || maxDimension;
  const height = large?.height || Math.round((maxDimension * 3) / 4);
  if (!VARIANT.test(url)) return { src: url, width, height };
  const scale = Math.min(1, thumbnailDimension / Math.max(width, height));
  const small = url.replace(VARIANT, '-thumb.webp');
  const full = url.replace(VARIANT, '-large.webp');
  return { src: small, srcSet: `${small} ${Math.round(width * scale)}w, ${full} ${width}w`, width, height };
}

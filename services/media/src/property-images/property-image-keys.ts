import { createHash } from 'node:crypto';
import { MEDIA_CACHE_CONTROL, MEDIA_URL_PREFIX } from '@mboa/contracts';

export { MEDIA_CACHE_CONTROL, MEDIA_URL_PREFIX };

/**
 * Bump whenever the encoding of variants changes (sizes, quality, format). It is part of every
 * image id, so new output gets new keys and no cache ever holds a stale file under an old URL.
 */
export const PIPELINE_VERSION = 1;


export type PropertyImageVariant = 'large' | 'thumb';

const SCOPE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const IMAGE_ID = /^[a-f0-9]{24}$/;
const KEY = /^properties\/([A-Za-z0-9_-]{1,64})\/([a-f0-9]{24})-(large|thumb)\.webp$/;

/**
 * The id of an upload's variants: a hash of its bytes and of {@link PIPELINE_VERSION}. The same
 * upload processed twice (a redelivered message) lands on the same keys; a different one never does.
 */
export function imageIdFor(source: Uint8Array): string {
  return createHash('sha256').update(`mboa-media-v${PIPELINE_VERSION}:`).update(source).digest('hex').slice(0, 24);
}

/**
 * `properties/<scopeId>/<imageId>-large.webp` and `-thumb.webp`, where the scope is the property id
 * (or an upload id while the property does not exist yet).
 */
export function propertyImageKeys(scopeId: string, imageId: string): Record<PropertyImageVariant, string> {
  if (!IMAGE_ID.test(imageId)) throw new Error(`Invalid image id: ${JSON.stringify(imageId)}`);
  const base = `${propertyImagePrefix(scopeId)}${imageId}`;
  return { large: `${base}-large.webp`, thumb: `${base}-thumb.webp` };
}

/** `properties/<scopeId>/`: where every image of one property (or upload) lives. */
export function propertyImagePrefix(scopeId: string): string {
  if (!SCOPE_ID.test(scopeId)) throw new Error(`Invalid property image scope id: ${JSON.stringify(scopeId)}`);
  return `properties/${scopeId}/`;
}

/** The parts of a property image key, or undefined for anything else. */
export function parsePropertyImageKey(
  key: string,
): { scopeId: string; imageId: string; variant: PropertyImageVariant } | undefined {
  const match = KEY.exec(key);
  return match ? { scopeId: match[1], imageId: match[2], variant: match[3] as PropertyImageVariant } : undefined;
}

/** The URL the gateway serves a key at. */
export function mediaUrl(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

import { isStagingKey } from '@mboa/contracts';
import type { ObjectStore } from '@mboa/platform';

/**
 * Removes the staged uploads a request names, even a malformed or refused one, so nothing the
 * gateway staged is left behind; at most `max` keys (a hostile payload cannot make it loop).
 */
export async function removeStagedUploads(store: ObjectStore, payload: unknown, max: number): Promise<void> {
  const uploads = (payload as { uploads?: unknown } | null)?.uploads;
  if (!Array.isArray(uploads)) return;
  const keys = uploads
    .map((u) => (u as { key?: unknown } | null)?.key)
    .filter((k): k is string => typeof k === 'string' && isStagingKey(k));
  await Promise.all(keys.slice(0, max).map((k) => store.remove(k).catch(() => undefined)));
}

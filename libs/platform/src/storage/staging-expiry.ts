import type { ObjectStore } from './object-store.js';

/** A store that can say how long objects under a prefix live (the S3 adapter: bucket lifecycle rules). */
interface ExpiryAware {
  readonly bucket: string;
  expiryDaysFor(prefix: string): Promise<number | null>;
}

export type StagingExpiry =
  | { kind: 'set'; days: number }
  | { kind: 'missing' }
  | { kind: 'unknown'; reason: string }
  /** Local files: the gateway and media remove what they stage; nothing else can clean a folder. */
  | { kind: 'not-applicable' };

interface Log {
  log(message: string): void;
  error(message: string): void;
}

const expiryAware = (store: ObjectStore): store is ObjectStore & ExpiryAware => typeof (store as Partial<ExpiryAware>).expiryDaysFor === 'function';

/**
 * Says at start whether staged uploads (under `prefix`) that a crash leaves behind will expire,
 * from the store's own lifecycle rules: a line when they do, an error line naming the bucket and
 * the fix when they do not or the store will not say. The app starts either way (the uploads
 * still work; only the clean-up after a crash is at stake).
 */
export async function checkStagingExpiry(store: ObjectStore, prefix: string, log: Log): Promise<StagingExpiry> {
  if (!expiryAware(store)) return { kind: 'not-applicable' };
  const fix = 'run the storage-init one-shot, or add the rule on the store (infra/README.md, "Object store and search keys")';
  try {
    const days = await store.expiryDaysFor(prefix);
    if (days === null) {
      log.error(`object store: no lifecycle rule expires ${prefix} in bucket ${store.bucket}, so staged uploads a crash leaves behind are never removed: ${fix}`);
      return { kind: 'missing' };
    }
    log.log(`object store: staged uploads (${prefix}) in bucket ${store.bucket} expire after ${days} day(s)`);
    return { kind: 'set', days };
  } catch (e) {
    const code = (e as { code?: string } | null)?.code;
    const reason = `${code ? `${code}: ` : ''}${e instanceof Error ? e.message : String(e)}`;
    log.error(`object store: bucket ${store.bucket} would not report its lifecycle rules (${reason}), so whether staged uploads (${prefix}) expire is unknown: ${fix}`);
    return { kind: 'unknown', reason };
  }
}

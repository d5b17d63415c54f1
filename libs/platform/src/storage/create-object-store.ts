import { DEFAULT_LOCAL_OBJECTS_DIR, LocalFileStore } from './local-file-store.js';
import { MinioObjectStore } from './minio-object-store.js';
import type { ObjectStore } from './object-store.js';

export const DEFAULT_S3_BUCKET = 'mboa-media';

/** The environment variables the object store reads. */
export interface ObjectStoreEnv {
  /** When set (e.g. `http://127.0.0.1:9000`), objects go to MinIO; otherwise to local files. */
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY?: string;
  S3_SECRET_KEY?: string;
  /** Default `mboa-media`. */
  S3_BUCKET?: string;
  /** Default `us-east-1`. */
  S3_REGION?: string;
  /** Root of the local files when S3_ENDPOINT is not set. Default `.data/objects` (from the working directory). */
  MEDIA_DIR?: string;
}

export class ObjectStoreConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ObjectStoreConfigError';
  }
}

/**
 * MinIO when `S3_ENDPOINT` is set (then the keys are required: a half-configured production
 * store must fail at start, not at the first upload), local files otherwise.
 */
export function createObjectStore(env: ObjectStoreEnv = process.env): ObjectStore {
  const endpoint = env.S3_ENDPOINT?.trim();
  if (!endpoint) return new LocalFileStore(env.MEDIA_DIR?.trim() || DEFAULT_LOCAL_OBJECTS_DIR);
  const missing = (['S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const).filter((name) => !env[name]);
  if (missing.length) throw new ObjectStoreConfigError(`S3_ENDPOINT is set but ${missing.join(' and ')} missing`);
  return new MinioObjectStore({
    endpoint,
    accessKey: env.S3_ACCESS_KEY!,
    secretKey: env.S3_SECRET_KEY!,
    bucket: env.S3_BUCKET?.trim() || DEFAULT_S3_BUCKET,
    region: env.S3_REGION?.trim() || undefined,
  });
}

import { DEFAULT_LOCAL_OBJECTS_DIR, LocalFileStore } from './local-file-store.js';
import { MinioObjectStore } from './minio-object-store.js';
import type { ObjectStore } from './object-store.js';

export const DEFAULT_S3_BUCKET = 'mboa-media';
/** The bucket of identity and control documents: never the public /media bucket. */
export const DEFAULT_S3_DOCUMENTS_BUCKET = 'mboa-documents';
/** Local folder of the documents when S3 is off, apart from the photos' `.data/objects`. */
export const DEFAULT_LOCAL_DOCUMENTS_DIR = '.data/documents';

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
  /** The documents' bucket (createDocumentStore). Default `mboa-documents`. */
  S3_DOCUMENTS_BUCKET?: string;
  /** The documents' local folder when S3_ENDPOINT is not set. Default `.data/documents`. */
  DOCUMENTS_DIR?: string;
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

/**
 * The store of identity and control documents (docs/architecture.md#identity-and-control-documents):
 * the same server as the photos but its own bucket (`S3_DOCUMENTS_BUCKET`) or local folder
 * (`DOCUMENTS_DIR`), so no key of it is ever reachable through the public /media route, which
 * reads only the photos' store.
 */
export function createDocumentStore(env: ObjectStoreEnv = process.env): ObjectStore {
  const endpoint = env.S3_ENDPOINT?.trim();
  if (!endpoint) return new LocalFileStore(env.DOCUMENTS_DIR?.trim() || DEFAULT_LOCAL_DOCUMENTS_DIR);
  return createObjectStore({ ...env, S3_BUCKET: env.S3_DOCUMENTS_BUCKET?.trim() || DEFAULT_S3_DOCUMENTS_BUCKET });
}

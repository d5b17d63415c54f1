export * from './object-store.js';
export { LocalFileStore, DEFAULT_LOCAL_OBJECTS_DIR } from './local-file-store.js';
export { MinioObjectStore, STREAM_PART_BYTES, type MinioObjectStoreConfig } from './minio-object-store.js';
export {
  createObjectStore,
  createDocumentStore,
  ObjectStoreConfigError,
  DEFAULT_S3_BUCKET,
  DEFAULT_S3_DOCUMENTS_BUCKET,
  DEFAULT_LOCAL_DOCUMENTS_DIR,
  type ObjectStoreEnv,
} from './create-object-store.js';
export { checkStagingExpiry, type StagingExpiry } from './staging-expiry.js';

import type { Provider } from '@nestjs/common';
import { createObjectStore, type ObjectStore } from '@mboa/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

declare module '../config.js' {
  interface GatewayConfig {
    /**
     * Where uploads are staged and /media files are read; the media service must use the same
     * store. Default: `createObjectStore(process.env)` (S3_ENDPOINT… for MinIO, else MEDIA_DIR
     * or .data/objects), as the media service reads it.
     */
    objectStore?: ObjectStore;
  }
}

export const OBJECT_STORE = Symbol('OBJECT_STORE');

export const objectStoreProvider: Provider = {
  provide: OBJECT_STORE,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig): ObjectStore => config.objectStore ?? createObjectStore(process.env),
};

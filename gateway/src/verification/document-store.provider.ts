import type { Provider } from '@nestjs/common';
import { createDocumentStore, type ObjectStore } from '@mboa/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

declare module '../config.js' {
  interface GatewayConfig {
    /**
     * Where photos of identity and control documents are read for staff (media writes them there).
     * Default: `createDocumentStore(process.env)` (S3_DOCUMENTS_BUCKET on S3_ENDPOINT, else
     * DOCUMENTS_DIR or .data/documents): never the store /media serves.
     */
    documentStore?: ObjectStore;
  }
}

export const DOCUMENT_STORE = Symbol('DOCUMENT_STORE');

export const documentStoreProvider: Provider = {
  provide: DOCUMENT_STORE,
  inject: [GATEWAY_CONFIG],
  useFactory: (config: GatewayConfig): ObjectStore => config.documentStore ?? createDocumentStore(process.env),
};

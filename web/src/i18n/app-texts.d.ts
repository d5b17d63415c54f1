import type { AppCatalog } from './parts/index.js';

// Typed keys for `t('…')` in this app (`useI18n().t`, `TFunction` of @mboa/web-core): a key neither
// the English catalog nor one of its parts (./parts/index.ts) has fails to compile.
declare module '@mboa/web-core' {
  interface AppTexts {
    catalog: AppCatalog;
  }
}

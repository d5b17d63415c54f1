import type { Catalog } from './en.js';

// Typed keys for `t('…')` in this app (`useI18n().t`, `TFunction` of @mboa/web-core): a key the
// English catalog lacks fails to compile.
declare module '@mboa/web-core' {
  interface AppTexts {
    catalog: Catalog;
  }
}

import 'i18next';
import type { en } from './en.js';

// Typed keys and placeholders for `t('…')` in this app (react-i18next reads the same declaration).
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
    returnNull: false;
  }
}

import { startI18n } from '@mboa/web-core';
import type { Catalog } from './en.js';

export type { Catalog };

// One import per language, each on its own: the bundler preloads what each needs, and only that.
const bundles = {
  en: () => import('./bundle.en.js'),
  fr: () => import('./bundle.fr.js'),
};

/**
 * The app's texts (components read them through `useI18n()` of @mboa/web-core) and the
 * moment the visit's language is loaded. Each language is its own chunk: a visit downloads only
 * the one it shows (the gateway preloads it with the page), the other when the person switches.
 */
export const { i18n, ready } = startI18n<Catalog>((language) => bundles[language]().then((m) => m.bundle));

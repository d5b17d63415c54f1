import { selectCatalog } from '@mboa/web-core';
import { pagesEn, type StaticPage } from './en.pages.js';

/** Static page texts in the active language, chosen like `t` (@mboa/web-core). */
export const pages: Record<keyof typeof pagesEn, StaticPage> = selectCatalog({ en: pagesEn });

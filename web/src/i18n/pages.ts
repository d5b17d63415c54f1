import { pagesEn, type StaticPage } from './en.pages.js';

/** Static page texts in the active language (English only for now, like `t`). */
export const pages: Record<keyof typeof pagesEn, StaticPage> = pagesEn;

import { useI18n } from '@mboa/web-core';
import { pagesEn, type StaticPage } from './en.pages.js';
import { pagesFr } from './fr.pages.js';

export type StaticPageKey = keyof typeof pagesEn;

/** A static page's texts in the language shown (they download only with the static pages). */
export function useStaticPage(key: StaticPageKey): StaticPage {
  const { language } = useI18n();
  return (language === 'fr' ? pagesFr : pagesEn)[key];
}

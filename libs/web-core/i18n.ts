/**
 * The one i18n entry point of both web apps. Each app keeps its own English catalog (its words);
 * this file decides which language is active and gives every catalog the same widened shape, so a
 * second language is one more file of that shape plus one entry in LANGUAGES.
 */

/** Languages the apps can show, first = the default. French is added here when its catalogs exist. */
export const LANGUAGES = ['en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Literal texts widened to string, so another language can fill the same shape (`fr.ts`). */
export type { Widen } from '@mboa/contracts';

/** The first of the browser's preferred languages that the apps have, else the default. */
export function activeLanguage(preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? []): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    const found = LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return LANGUAGES[0];
}

/** Picks the catalog of the active language from one catalog per language. */
export function selectCatalog<C>(catalogs: Record<Language, C>, language: Language = activeLanguage()): C {
  return catalogs[language];
}

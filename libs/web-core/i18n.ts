/**
 * The one i18n entry point of both web apps, on i18next + react-i18next. Each app keeps its own
 * catalogs (its words, `src/i18n/en.ts` and `fr.ts`, i18next format: `{{name}}` placeholders,
 * `_one`/`_other`/`_many` plural keys); this file starts i18next with them, picks the language and
 * keeps the choice. The product's shared texts (`MESSAGES` / `MESSAGES_FR` of @mboa/contracts, also
 * used by the server) come through `useI18n().m` in the same language.
 */
import {
  INTL_LOCALES,
  LANGUAGE_COOKIE,
  LANGUAGE_WHEN_IN_DOUBT,
  LANGUAGES,
  catalogueOf,
  formatAdminPrice,
  formatDate,
  formatDistance,
  formatNumber,
  formatPrice,
  formatPriceWithTerm,
  formatSize,
  toLanguage,
  type Language,
  type Messages,
  type Widen,
} from '@mboa/contracts';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

export { LANGUAGE_COOKIE, LANGUAGE_WHEN_IN_DOUBT, LANGUAGES, type Language, type Widen };

/** The first of the browser's preferred languages that we have; French when none is ours. */
export function preferredLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    const found = LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return LANGUAGE_WHEN_IN_DOUBT;
}

/** A catalog per language, each of the English one's shape. */
export type Catalogs<C> = Record<Language, C>;

/**
 * Starts the app's i18next instance synchronously (the catalogs are bundled), with the language
 * from, in order: the cookie, a shared link's `?lang=`, the browser's languages, French. The choice is written back to the
 * cookie and to `<html lang>` on every change.
 */
export function startI18n<C extends object>(catalogs: Catalogs<C>, options: { detect?: boolean; language?: Language } = {}): I18n {
  const resources: Resource = {};
  for (const language of LANGUAGES) resources[language] = { translation: catalogs[language] as Resource[string][string] };
  const instance = i18next.createInstance();
  if (options.detect !== false) instance.use(LanguageDetector);
  instance.use(initReactI18next);
  void instance.init({
    resources,
    lng: options.language,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: LANGUAGE_WHEN_IN_DOUBT,
    initAsync: false,
    returnNull: false,
    // React escapes what it renders; escaping here would show `&amp;` in titles.
    interpolation: { escapeValue: false },
    // A choice made on this device first, then the language of a shared link (`?lang=fr`), then the browser's.
    detection: {
      order: ['cookie', 'querystring', 'navigator'],
      lookupCookie: LANGUAGE_COOKIE,
      lookupQuerystring: 'lang',
      caches: ['cookie'],
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
      convertDetectedLanguage: (tag: string) => preferredLanguage([tag]),
    },
  });
  showLanguage(instance.language);
  instance.on('languageChanged', showLanguage);
  current = instance;
  return instance;
}

let current: I18n | undefined;

function showLanguage(tag: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(tag);
}

/** The language shown now (for code outside React, e.g. the API client's Accept-Language). */
export function currentLanguage(): Language {
  return toLanguage(current?.resolvedLanguage ?? current?.language);
}

/** The product's shared texts (@mboa/contracts) in the language shown now, outside React. */
export function currentMessages(): Widen<Messages> {
  return catalogueOf(currentLanguage());
}

const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

/** Intl formatting in one language (prices in FCFA, numbers, dates, sizes); never by hand. */
export function formatterOf(language: Language) {
  return {
    locale: INTL_LOCALES[language],
    price: (amount: number) => formatPrice(amount, language),
    priceWithTerm: (amount: number, term: string | null | undefined) => formatPriceWithTerm(amount, term, language),
    adminPrice: (amount: number) => formatAdminPrice(amount, language),
    number: (value: number) => formatNumber(value, language),
    size: (value: number | null | undefined) => formatSize(value, language),
    distance: (minutes: number | null | undefined) => formatDistance(minutes, language),
    date: (value: Date | string) => formatDate(value, language),
    dateTime: (value: Date | string) => {
      let format = dateTimeFormats.get(language);
      if (!format) {
        format = new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Douala' });
        dateTimeFormats.set(language, format);
      }
      return format.format(typeof value === 'string' ? new Date(value) : value);
    },
  };
}

export type Formatter = ReturnType<typeof formatterOf>;

/**
 * Everything a component needs to speak: `t` (the app's catalog, typed by the app's
 * `i18next.d.ts`), `m` (the product's shared texts), `language`, `format`, and `setLanguage`, which
 * switches every mounted screen at once (no reload, no refetch).
 */
export function useI18n() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const setLanguage = useCallback((next: Language) => void i18n.changeLanguage(next), [i18n]);
  return { t, i18n, language, m: catalogueOf(language), format: formatterOf(language), setLanguage };
}

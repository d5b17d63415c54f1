/**
 * The one i18n entry point of both web apps, on i18next + react-i18next. Each app keeps its own
 * catalogs (its words, `src/i18n/en.ts` and `fr.ts`, i18next format: `{{name}}` placeholders,
 * `_one`/`_other`/`_many` plural keys); this file starts i18next with them, picks the language and
 * keeps the choice. The product's shared texts (`MESSAGES` / `MESSAGES_FR` of @mboa/contracts, also
 * used by the server) come through `useI18n().m` in the same language.
 */
import {
  INTL_LOCALES,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_WHEN_IN_DOUBT,
  LANGUAGES,
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
import i18next, { type i18n as I18n, type ResourceKey } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
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

/**
 * One language's texts: the app's catalog and the product's shared texts (`MESSAGES` or
 * `MESSAGES_FR` of @mboa/contracts). Each app loads them per language (a dynamic import), so a
 * visit downloads only the language it shows.
 */
export interface LanguageBundle<C> {
  catalog: C;
  messages: Widen<Messages>;
}
export type BundleLoader<C> = (language: Language) => Promise<LanguageBundle<C>>;

/** The shared texts of every language loaded so far (the shown one always is). */
const messagesByLanguage = new Map<Language, Widen<Messages>>();

/** The language remembered on this device (the FR | EN switch or an earlier visit), if any. */
function rememberedLanguage(): Language | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return isLanguage(value) ? value : undefined;
}

/** The language the page's address names (`?lang=fr`: a shared link, or the FR | EN switch), if any. */
function linkLanguage(): Language | undefined {
  if (typeof location === 'undefined') return undefined;
  const value = new URLSearchParams(location.search).get('lang');
  return isLanguage(value) ? value : undefined;
}

/**
 * The language of a visit, decided as the gateway decides `<html lang>` (gateway/src/static/
 * page-language.ts): the address's `?lang=` first (each language has its own address, so a link or
 * a search result opens in the language it names), then the device's choice (cookie), then the
 * browser's languages, French when in doubt.
 */
export function initialLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return linkLanguage() ?? rememberedLanguage() ?? preferredLanguage(browser);
}

/** Remembers the language on this device for a year (the gateway reads it for the next page). */
function rememberLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

/**
 * Starts the app's i18next instance in the language of the visit (initialLanguage), loading that
 * language's bundle only; another is loaded when the person switches to it, and i18next changes
 * language once it is there (what is on screen stays until then). `ready` settles when the first
 * language is loaded: render after it. The choice is written to the cookie and to `<html lang>`
 * at start and on every change.
 */
export function startI18n<C extends object>(load: BundleLoader<C>, options: { language?: Language } = {}): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  instance.use(
    resourcesToBackend(async (tag: string) => {
      const language = toLanguage(tag);
      const bundle = await load(language);
      messagesByLanguage.set(language, bundle.messages);
      return bundle.catalog as ResourceKey;
    }),
  );
  instance.use(initReactI18next);
  const ready = instance.init({
    lng: options.language ?? initialLanguage(),
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // Both catalogs have every key (their tests say so): nothing to fall back to, nothing more to load.
    fallbackLng: false,
    returnNull: false,
    // React escapes what it renders; escaping here would show `&amp;` in titles.
    interpolation: { escapeValue: false },
  });
  const show = (tag: string) => {
    const language = toLanguage(tag);
    if (typeof document !== 'undefined') document.documentElement.lang = language;
    rememberLanguage(language);
  };
  instance.on('languageChanged', show);
  void ready.then(() => show(instance.language));
  current = instance;
  return { i18n: instance, ready };
}

/**
 * The server's i18next instances (web/src/entry-server.tsx), one per language, loaded at once from
 * the given bundles: a page is drawn in one pass, in the visit's language, with no await between.
 * Each page passes its language's instance to react-i18next's provider, so two pages drawn at the
 * same time in two languages never share one.
 */
export function startServerI18n<C extends object>(bundles: Record<Language, LanguageBundle<C>>): Record<Language, I18n> {
  const instances = {} as Record<Language, I18n>;
  for (const language of LANGUAGES) {
    messagesByLanguage.set(language, bundles[language].messages);
    const instance = i18next.createInstance();
    instance.use(initReactI18next);
    void instance.init({
      lng: language,
      resources: { [language]: { translation: bundles[language].catalog } },
      initAsync: false,
      supportedLngs: [...LANGUAGES],
      fallbackLng: false,
      returnNull: false,
      interpolation: { escapeValue: false },
    });
    instances[language] = instance;
  }
  return instances;
}

let current: I18n | undefined;

/** The language shown now (for code outside React, e.g. the API client's Accept-Language). */
export function currentLanguage(): Language {
  return toLanguage(current?.resolvedLanguage ?? current?.language);
}

/** The product's shared texts (@mboa/contracts) of a loaded language (the shown one always is). */
function messagesOf(language: Language): Widen<Messages> {
  const messages = messagesByLanguage.get(language) ?? messagesByLanguage.values().next().value;
  if (!messages) throw new Error('No language is loaded yet: render after startI18n(...).ready');
  return messages;
}

/** The product's shared texts (@mboa/contracts) in the language shown now, outside React. */
export function currentMessages(): Widen<Messages> {
  return messagesOf(currentLanguage());
}

const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();
const monthYearFormats = new Map<Language, Intl.DateTimeFormat>();

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
    /** "March 2024" / "mars 2024" (an owner's "member since"). */
    monthYear: (value: Date | string) => {
      let format = monthYearFormats.get(language);
      if (!format) {
        format = new Intl.DateTimeFormat(INTL_LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'Africa/Douala' });
        monthYearFormats.set(language, format);
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
  // Resolves once the language is loaded and shown.
  const setLanguage = useCallback((next: Language) => i18n.changeLanguage(next).then(() => undefined), [i18n]);
  return { t, i18n, language, m: messagesOf(language), format: formatterOf(language), setLanguage };
}

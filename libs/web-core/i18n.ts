/**
 * The one i18n entry point of both web apps, our own (about 3 KB; i18next and react-i18next cost 16
 * KB of compressed script on the first route for what we used of them). Each app keeps its own
 * catalogs (its words, `src/i18n/en.ts` and `fr.ts`: `{{name}}` placeholders, `_one`/`_other`/
 * `_many` plural keys, filled by translate.ts); this file loads one language at a time, picks the
 * language and keeps the choice. The product's shared texts (`MESSAGES` / `MESSAGES_FR` of
 * @mboa/contracts, also used by the server) come through `useI18n().m` in the same language.
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
import { createContext, createElement, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { translate, type AnyT, type TextOptions, type TypedT } from './translate.js';

export type { TextOptions };
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

/**
 * Catalog parts: texts only lazily loaded code shows (a map, a wizard, a section opened on a tap)
 * travel in that code's chunk instead of in the catalog every first visit downloads. The chunk
 * hands them over with `addTexts` when it loads; every `t` then finds them under their usual keys.
 */
const textParts = new Map<Language, object[]>();
/** Bumped by `addTexts`, so each instance merges its catalogs with the parts again. */
let partsVersion = 0;

/** Adds a catalog part in each language (called once by the module that shows those texts). */
export function addTexts(parts: Partial<Record<Language, object>>): void {
  for (const [tag, part] of Object.entries(parts)) {
    const language = toLanguage(tag);
    const list = textParts.get(language) ?? [];
    if (part && !list.includes(part)) list.push(part);
    textParts.set(language, list);
  }
  partsVersion += 1;
}

const isGroup = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A catalog with its parts laid over it, group by group (a part's `map` adds keys to the catalog's `map`). */
export function mergeTexts<T extends object>(base: object, ...parts: object[]): T {
  const merge = (into: Record<string, unknown>, part: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...into };
    for (const [key, value] of Object.entries(part)) out[key] = isGroup(value) && isGroup(out[key]) ? merge(out[key], value) : value;
    return out;
  };
  return parts.reduce<Record<string, unknown>>((all, part) => merge(all, part as Record<string, unknown>), base as Record<string, unknown>) as T;
}

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
 * Each app names the type of its catalog here, so that `t` (and `TFunction`) check its keys: a key
 * the catalog lacks fails to compile. In the app (src/i18n/app-texts.d.ts):
 * `declare module '@mboa/web-core' { interface AppTexts { catalog: Catalog } }`.
 * Unnamed (web-core's own code and tests), `t` takes any key.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each app (declaration merging)
export interface AppTexts {}
type AppCatalog = AppTexts extends { catalog: infer C } ? C : never;

/** `t` of the app's catalog (or of catalog `C`): what `useI18n().t` is, for code that is passed it. */
export type TFunction<C = AppCatalog> = [C] extends [never] ? AnyT : TypedT<C>;

type LanguageListener = (language: Language) => void;
/** What every `t` runs, before it is given the app's types. */
type Fill = (key: string, options?: TextOptions) => unknown;

/**
 * One app's texts in the language shown, and the switch to another. Like the i18next instance it
 * replaces: `language`, `t` (in the language shown), `changeLanguage`, `on('languageChanged')`.
 * A language's catalog is loaded the first time it is asked for; the language changes only once
 * it is there, so what is on screen stays until then, and every listener hears the change at once.
 */
export class I18n {
  /** The language shown. */
  language: Language;
  private readonly catalogs = new Map<Language, unknown>();
  private readonly listeners = new Set<LanguageListener>();
  private readonly fixed = new Map<Language, Fill>();
  /** Each language's catalog merged with the parts added so far (and the parts' version it saw). */
  private readonly merged = new Map<Language, { version: number; base: unknown; texts: unknown }>();
  /** The last language asked for: an earlier switch that loads later must not win. */
  private wanted: Language;

  constructor(
    language: Language,
    private readonly load?: (language: Language) => Promise<unknown>,
    catalogs: Partial<Record<Language, unknown>> = {},
  ) {
    this.language = this.wanted = language;
    for (const [tag, catalog] of Object.entries(catalogs)) this.catalogs.set(toLanguage(tag), catalog);
  }

  on(_event: 'languageChanged', listener: LanguageListener): void {
    this.listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: LanguageListener): void {
    this.listeners.delete(listener);
  }

  /** Loads the language if need be, then shows it; resolves to `t` once it is shown. */
  async changeLanguage(tag: string): Promise<TFunction> {
    const language = toLanguage(tag);
    this.wanted = language;
    if (!this.catalogs.has(language)) {
      if (!this.load) throw new Error(`The texts of '${language}' are not loaded`);
      const catalog = await this.load(language);
      this.catalogs.set(language, catalog);
    }
    if (this.wanted === language) {
      this.language = language;
      for (const listener of [...this.listeners]) listener(language);
    }
    return this.t;
  }

  /** `t` in one language (which must be loaded), the same function each time for that language. */
  getFixedT(language: Language): TFunction {
    return this.fill(language) as TFunction;
  }

  private fill(language: Language): Fill {
    let fill = this.fixed.get(language);
    if (!fill) {
      // A test runner calls what a hook's promise resolves to with nothing: as i18next did, say nothing.
      fill = (key, options) => (typeof key === 'string' ? translate(this.textsOf(language), language, key, options) : '');
      this.fixed.set(language, fill);
    }
    return fill;
  }

  /** The language's catalog with the parts added so far. */
  private textsOf(language: Language): unknown {
    const base = this.catalogs.get(language);
    const parts = textParts.get(language);
    if (!parts?.length || typeof base !== 'object' || base === null) return base;
    const cached = this.merged.get(language);
    if (cached && cached.version === partsVersion && cached.base === base) return cached.texts;
    const texts = mergeTexts(base, ...parts);
    this.merged.set(language, { version: partsVersion, base, texts });
    return texts;
  }

  /** A text in the language shown now (tests and code outside React; components use `useI18n().t`). */
  readonly t = ((key: string, options?: TextOptions) => this.fill(this.language)(key, options)) as TFunction;
}

/**
 * Starts the app's texts in the language of the visit (initialLanguage, or `options.language`: the
 * language a page from the server was drawn in), loading that language's bundle only; another is
 * loaded when the person switches to it. `ready` settles when the first language is loaded: render
 * after it. The choice is written to the cookie and to `<html lang>` at start and on every change.
 */
export function startI18n<C extends object>(load: BundleLoader<C>, options: { language?: Language } = {}): { i18n: I18n; ready: Promise<unknown> } {
  const instance = new I18n(options.language ?? initialLanguage(), async (language) => {
    const bundle = await load(language);
    messagesByLanguage.set(language, bundle.messages);
    return bundle.catalog;
  });
  const show = (language: Language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
    rememberLanguage(language);
  };
  instance.on('languageChanged', show);
  const ready = instance.changeLanguage(instance.language).then(() => undefined);
  current = instance;
  return { i18n: instance, ready };
}

/**
 * The server's texts (web/src/entry-server.tsx), one instance per language, loaded at once from
 * the given bundles: a page is drawn in one pass, in the visit's language, with no await between.
 * Each page passes its language's instance to `I18nProvider`, so two pages drawn at the same time
 * in two languages never share one.
 */
export function startServerI18n<C extends object>(bundles: Record<Language, LanguageBundle<C>>): Record<Language, I18n> {
  const instances = {} as Record<Language, I18n>;
  for (const language of LANGUAGES) {
    messagesByLanguage.set(language, bundles[language].messages);
    instances[language] = new I18n(language, undefined, { [language]: bundles[language].catalog });
  }
  return instances;
}

/** The texts a subtree speaks, when not the app's one (a page drawn on the server). */
const I18nContext = createContext<I18n | null>(null);

/** Gives `i18n` to `useI18n()` below it, instead of the one `startI18n` made (server rendering). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext, { value: i18n }, children);
}

/** The browser's texts, made by startI18n. */
let current: I18n | undefined;

/** The language shown now (for code outside React, e.g. the API client's Accept-Language). */
export function currentLanguage(): Language {
  return toLanguage(current?.language);
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

function textsOf(provided: I18n | null): I18n {
  const i18n = provided ?? current;
  if (!i18n) throw new Error('No texts yet: render after startI18n(...).ready, or inside an I18nProvider');
  return i18n;
}

/**
 * Everything a component needs to speak: `t` (the app's catalog, keys typed by the app's
 * `AppTexts`), `m` (the product's shared texts), `language`, `format`, and `setLanguage`, which
 * switches every mounted screen at once (no reload, no refetch). The texts are those of the nearest
 * `I18nProvider` (a page drawn on the server), else the app's.
 */
export function useI18n() {
  const i18n = textsOf(useContext(I18nContext));
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    [i18n],
  );
  const shown = useCallback(() => i18n.language, [i18n]);
  // The server's snapshot is the same: a page drawn there is taken over in the language it was drawn in.
  const language = useSyncExternalStore(subscribe, shown, shown);
  // Resolves once the language is loaded and shown.
  const setLanguage = useCallback((next: Language) => i18n.changeLanguage(next).then(() => undefined), [i18n]);
  // One `t` per language: memoised children that take `t` redraw on a switch.
  return { t: i18n.getFixedT(language), i18n, language, m: messagesOf(language), format: formatterOf(language), setLanguage };
}

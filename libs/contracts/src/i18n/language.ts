/** The languages the product speaks; the first is the default (existing clients see no change). */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The web apps' language when a visitor's browser prefers neither of ours: most of our users read
 * French. (The API keeps English as its default, so existing clients see no change.)
 */
export const LANGUAGE_WHEN_IN_DOUBT: Language = 'fr';

/** The cookie that remembers the language chosen on a device (web apps write it, the gateway reads it for `<html lang>`). */
export const LANGUAGE_COOKIE = 'mboa_lang';

/** Intl locale per language: British English as before, French as written in Cameroon. */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', fr: 'fr-CM' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or sent value as a language: anything unknown (an older record, a typo) is the default. */
export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** Literal texts widened to string, so another language fills the same shape and a function keeps its arguments. */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer U)[]
      ? readonly Widen<U>[]
      : T extends object
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T;

/**
 * A catalog of another language that has French's extra plural form: next to every `key_other`
 * an optional `key_many` (CLDR's form for counts such as 1 000 000, which the web apps' texts
 * (libs/web-core/translate.ts) ask for and do not take from `key_other`). English has no such form.
 */
export type WithManyPlurals<T> = T extends string
  ? string
  : T extends readonly unknown[]
    ? T
    : T extends object
      ? { readonly [K in keyof T]: WithManyPlurals<T[K]> } & {
          readonly [K in keyof T as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
        }
      : T;

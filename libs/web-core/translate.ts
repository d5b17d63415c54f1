/**
 * Filling a text of an app's catalog, with no React and no state: what `t` does once it knows the
 * language (libs/web-core/i18n.ts), and what the browser tests use to expect exactly what people
 * see (e2e/src/texts.ts). The catalogs' format is the one they had under i18next: dotted keys,
 * `{{name}}` placeholders (and `{{count, number}}`), plural keys `key_one` / `key_other` /
 * `key_many` chosen by the language's `Intl.PluralRules` (French says "0 annonce": 0 is "one").
 */

/** What a text's call may say besides its placeholders' values. */
export interface TextOptions {
  /** Picks the plural form (`key_one`, `key_other`, `key_many`…) and fills `{{count}}`. */
  count?: number;
  /** Shown when the catalog has no such key (a value the catalog does not name yet). */
  defaultValue?: string;
  /** Returns the list or group of texts at the key rather than one text. */
  returnObjects?: boolean;
  [placeholder: string]: unknown;
}

type PluralSuffix = `_${Intl.LDMLPluralRule}`;
/** `listings_one` is also called as `listings`, with a count. */
type PluralBase<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : never;

/** The keys of a catalog that name one text (dotted paths; a plural text also by its base). */
export type TextKey<C> = {
  [K in keyof C & string]: C[K] extends string
    ? K | PluralBase<K>
    : C[K] extends readonly unknown[]
      ? never
      : C[K] extends object
        ? `${K}.${TextKey<C[K]>}`
        : never;
}[keyof C & string];

/** The keys of a catalog that name a list or a group of texts (read with `returnObjects`). */
export type GroupKey<C> = {
  [K in keyof C & string]: C[K] extends string
    ? never
    : C[K] extends readonly unknown[]
      ? K
      : C[K] extends object
        ? K | `${K}.${GroupKey<C[K]>}`
        : never;
}[keyof C & string];

/** What a catalog holds at a dotted key. */
export type ValueAt<C, K extends string> = K extends `${infer Head}.${infer Rest}`
  ? Head extends keyof C
    ? ValueAt<C[Head], Rest>
    : never
  : K extends keyof C
    ? C[K]
    : never;

/**
 * `t` of an app whose catalog has the type `C`: a key the catalog does not have fails to compile,
 * as under i18next, except with a `defaultValue` (a key built from data, e.g.
 * `labels.propertyType.${type}`, which falls back to the data itself).
 */
export interface TypedT<C> {
  <const K extends GroupKey<C>>(key: K, options: TextOptions & { returnObjects: true }): ValueAt<C, K>;
  <const K extends TextKey<C>>(key: K, options?: TextOptions): string;
  (key: string, options: TextOptions & { defaultValue: string }): string;
}

/** `t` where no catalog type is known (web-core's own code and tests): any key. */
export interface AnyT {
  (key: string, options: TextOptions & { returnObjects: true }): unknown;
  (key: string, options?: TextOptions): string;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function pluralForm(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function formatNumber(language: string, value: unknown): string {
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language)));
  return format.format(Number(value));
}

function lookup(catalog: unknown, key: string): unknown {
  let node = catalog;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

/**
 * Fills `{{name}}` with `values.name` as it is: no HTML escaping (React escapes what it renders),
 * and an empty string for a value not given. `{{count, number}}` is formatted for the language.
 */
export function interpolate(text: string, language: string, values: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (_, name: string, format: string | undefined) => {
    const value = lookup(values, name);
    if (value === undefined || value === null) return '';
    if (format === 'number') return formatNumber(language, value);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
    return JSON.stringify(value);
  });
}

/**
 * The text at `key` of `catalog` in `language`, filled. With a `count`, the plural form the
 * language's rules pick for it (`key_zero` first when the count is 0 and the catalog has one), else
 * the key itself. A key the catalog lacks gives `defaultValue`, else the key (as i18next did, so a
 * forgotten text shows where it is missing rather than nothing).
 */
export function translate(catalog: unknown, language: string, key: string, options: TextOptions = {}): unknown {
  let found: unknown;
  if (typeof options.count === 'number') {
    if (options.count === 0) found = lookup(catalog, `${key}_zero`);
    found ??= lookup(catalog, `${key}_${pluralForm(language, options.count)}`);
  }
  found ??= lookup(catalog, key);
  if (found === undefined) found = options.defaultValue ?? key;
  if (typeof found === 'string') return interpolate(found, language, options);
  return options.returnObjects ? found : key;
}

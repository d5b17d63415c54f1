import { INTL_LOCALES, type Language } from './language.js';

const numberFormats = new Map<Language, Intl.NumberFormat>();

/**
 * A number as the reader writes it: '75,000' in English, '75 000' in French (CLDR's narrow
 * no-break space, U+202F, so a price never breaks across lines). At most two decimals.
 */
export function formatNumber(value: number, language: Language = 'en'): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 2 });
    numberFormats.set(language, format);
  }
  return format.format(Number.isFinite(value) ? value : 0);
}

/** A day as the reader writes it: '24 Nov 2026' in English, '24 nov. 2026' in French. */
export function formatDate(value: Date | string, language: Language = 'en'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'medium', timeZone: 'Africa/Douala' }).format(date);
}

/** A moment as the reader writes it, in Cameroon's time: '27 November 2026 at 12:40', '27 novembre 2026 à 12:40'. */
export function formatDateTime(value: Date | string, language: Language = 'en'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Douala' }).format(date);
}

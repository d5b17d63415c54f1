import { formatNumber } from '../i18n/format.js';
import { PAYMENT_TERM_UNITS_FR } from '../i18n/labels.fr.js';
import type { Language } from '../i18n/language.js';
import { ADMIN_CURRENCY_LABEL, CURRENCY_LABEL, SIZE_UNIT } from '../locale.js';
import {
  PAYMENT_TERM_UNITS,
  PROPERTY_STATUS_COLORS,
  type BadgeColor,
  type PaymentTerm,
} from '../property.js';

/** Groups thousands with commas, the same in Node and every browser: 1250000 → '1,250,000'. */
export function formatAmount(amount: number): string {
  if (!Number.isFinite(amount)) return '0';
  const negative = amount < 0;
  const [whole, fraction] = Math.abs(Math.round(amount * 100) / 100).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** '25,000 FCFA' on listings; '25\u202f000 FCFA' for a French reader (Intl, never by hand). */
export function formatPrice(amount: number, language: Language = 'en'): string {
  return `${formatNumber(amount, language)} ${CURRENCY_LABEL}`;
}

/** '25,000 FCFA/month'; without a known term (any other text) just '25,000 FCFA'. */
export function formatPriceWithTerm(amount: number, term: string | null | undefined, language: Language = 'en'): string {
  const units = language === 'fr' ? PAYMENT_TERM_UNITS_FR : PAYMENT_TERM_UNITS;
  const unit = term ? units[term as PaymentTerm] : undefined;
  return unit ? `${formatPrice(amount, language)}/${unit}` : formatPrice(amount, language);
}

/** '25,000 XAF' in the admin area ('25\u202f000 XAF' in French). */
export function formatAdminPrice(amount: number, language: Language = 'en'): string {
  return `${formatNumber(amount, language)} ${ADMIN_CURRENCY_LABEL}`;
}

/** Badge colour for any status text: available green, rented yellow, deactivated red, anything else gray. */
export function statusBadgeColor(status: string | null | undefined): BadgeColor {
  const key = (status ?? '').trim().toLowerCase();
  return (PROPERTY_STATUS_COLORS as Record<string, BadgeColor>)[key] ?? 'gray';
}

/** Distance from road as shown on the detail page. */
export function formatDistance(minutes: number | null | undefined, language: Language = 'en'): string {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '-';
  return `${formatNumber(minutes, language)} ${language === 'fr' ? 'min' : 'mins'}`;
}

export function formatSize(size: number | null | undefined, language: Language = 'en'): string {
  if (size === null || size === undefined || !Number.isFinite(size)) return '-';
  return `${formatNumber(size, language)} ${SIZE_UNIT}`;
}

/** Avatar letter: first letter of the name, upper-case. */
export function userInitial(name: string | null | undefined): string {
  return (name ?? '').trim().charAt(0).toUpperCase() || '?';
}

/** Navigation label: the first two words of the name. */
export function shortName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/).slice(0, 2).join(' ');
}

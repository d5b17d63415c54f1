import { formatAdminPrice, PRODUCT_LABELS, type Language, type PaymentTerm } from '@mboa/contracts';
import type { Formatter } from '@mboa/web-core';

/** '35,000 XAF/month', '35 000 XAF/mois' in French (XAF in the admin area, FCFA on the public site). */
export function adminPriceWithTerm(amount: number, term: string | null | undefined, language: Language): string {
  const unit = term ? PRODUCT_LABELS[language].paymentTermUnit[term as PaymentTerm] : undefined;
  return unit ? `${formatAdminPrice(amount, language)}/${unit}` : formatAdminPrice(amount, language);
}

/** A valid date out of a stored value, or null (a missing or broken date shows as nothing). */
function dateOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * '22 Nov 2026' / '22 nov. 2026': in the shown language (`format` of useI18n) and in Cameroon's
 * time, whatever the device's settings, so staff on any device read the same.
 */
export function formatDate(iso: string | null | undefined, format: Pick<Formatter, 'date'>): string {
  const d = dateOf(iso);
  return d ? format.date(d) : '';
}

/** '22 Nov 2026, 14:05' / '22 nov. 2026, 14:05'. */
export function formatDateTime(iso: string | null | undefined, format: Pick<Formatter, 'dateTime'>): string {
  const d = dateOf(iso);
  return d ? format.dateTime(d) : '';
}

import { formatAdminPrice, PAYMENT_TERM_UNITS, type PaymentTerm } from '@mboa/contracts';

/** '35,000 XAF/month' (XAF in the admin area, FCFA on the public site). */
export function adminPriceWithTerm(amount: number, term: string | null | undefined): string {
  const unit = term ? PAYMENT_TERM_UNITS[term as PaymentTerm] : undefined;
  return unit ? `${formatAdminPrice(amount)}/${unit}` : formatAdminPrice(amount);
}

/** '22 Nov 2026' whatever the browser's language, so staff on any device read the same. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

import { useI18n } from '@mboa/web-core';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One formatter per language: making one costs about 0.25 ms, paid on every page the server draws. */
const formats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    formats.set(language, format);
  }
  return format;
}

/**
 * "3 days ago" / "il y a 3 jours" (and "today", "yesterday"): whole days since the owner's last
 * confirmation, worded by Intl.RelativeTimeFormat in the language shown. Null for a missing or
 * unreadable date.
 */
export function confirmedAgo(confirmedAt: string | undefined | null, language: string, now = new Date()): string | null {
  const at = confirmedAt ? Date.parse(confirmedAt) : NaN;
  if (Number.isNaN(at)) return null;
  const days = Math.max(0, Math.floor((now.getTime() - at) / DAY_MS));
  return relativeFormat(language).format(-days, 'day');
}

/**
 * "Availability confirmed N days ago" (docs/api.md#fresh-listings): on the details page for
 * renters, and beside each listing in My Listings for its owner. Nothing from a server that does
 * not send the date.
 */
export function AvailabilityAge({ confirmedAt, className = 'muted small' }: { confirmedAt?: string | null; className?: string }) {
  const { t, language } = useI18n();
  const when = confirmedAgo(confirmedAt, language);
  if (!when) return null;
  return (
    <p className={`availability-age ${className}`} data-testid="availability-age">
      {t('freshness.confirmedAgo', { when })}
    </p>
  );
}

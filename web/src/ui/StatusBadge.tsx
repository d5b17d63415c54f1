import { statusBadgeColor } from '@mboa/contracts';
import { t } from '../i18n/index.js';

/** available green, rented yellow, deactivated red, anything else gray (spec §4). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const color = statusBadgeColor(status);
  const label = t.labels.status[(status ?? '').toLowerCase()] ?? status ?? '';
  return (
    <span className={`badge badge-${color}`} data-color={color}>
      {label}
    </span>
  );
}

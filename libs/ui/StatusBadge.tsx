import { statusBadgeColor, type BadgeColor } from '@mboa/contracts';

/**
 * A coloured pill. Property statuses get fixed colours (available green, rented yellow,
 * deactivated red, anything else gray); other lists pass their own `color`.
 */
export function StatusBadge({ status, label, color }: { status: string | null | undefined; label: string; color?: BadgeColor }) {
  const c = color ?? statusBadgeColor(status);
  return (
    <span className={`badge badge-${c}`} data-color={c}>
      {label}
    </span>
  );
}

import { StatusBadge as SharedStatusBadge } from '@mboa/ui';
import { t } from '../i18n/index.js';

/** available green, rented yellow, deactivated red, anything else gray; shared with the admin app. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const label = t.labels.status[(status ?? '').toLowerCase()] ?? status ?? '';
  return <SharedStatusBadge status={status} label={label} />;
}

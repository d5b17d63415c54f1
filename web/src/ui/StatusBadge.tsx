import { StatusBadge as SharedStatusBadge } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';

/** available green, rented yellow, deactivated red, anything else gray; shared with the admin app. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useI18n();
  // A status that is not one of ours (an older value) is shown as stored.
  const label = status ? t(`labels.status.${status.toLowerCase()}`, { defaultValue: status }) : '';
  return <SharedStatusBadge status={status} label={label} />;
}

import { Spinner as SharedSpinner } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';

/** The shared spinner (libs/ui) with this app's default label. */
export function Spinner({ label, page }: { label?: string; page?: boolean }) {
  const { t } = useI18n();
  return <SharedSpinner label={label ?? t('app.loading')} page={page} />;
}

import { Dialog as SharedDialog, type DialogProps } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';

/** The shared modal (libs/ui) with this app's close label. */
export function Dialog(props: Omit<DialogProps, 'closeLabel'>) {
  const { t } = useI18n();
  return <SharedDialog {...props} closeLabel={t('app.close')} />;
}

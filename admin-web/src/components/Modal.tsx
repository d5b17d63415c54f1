import { Dialog, type DialogProps } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';

/** The shared dialog with this app's close label. */
export function Modal(props: Omit<DialogProps, 'closeLabel'>) {
  const { t } = useI18n();
  return <Dialog {...props} closeLabel={t('app.close')} />;
}

import { Dialog, type DialogProps } from '@mboa/ui';
import { t } from '../i18n/index.js';

/** The shared dialog with this app's close label. */
export function Modal(props: Omit<DialogProps, 'closeLabel'>) {
  return <Dialog {...props} closeLabel={t.app.close} />;
}

import { Dialog as SharedDialog, type DialogProps } from '@mboa/ui';
import { t } from '../i18n/index.js';

/** The shared modal (libs/ui) with this app's close label. */
export function Dialog(props: Omit<DialogProps, 'closeLabel'>) {
  return <SharedDialog {...props} closeLabel={t.app.close} />;
}

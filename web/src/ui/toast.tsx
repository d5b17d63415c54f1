import { ToastProvider as SharedToastProvider } from '@mboa/ui';
import type { ReactNode } from 'react';
import { t } from '../i18n/index.js';

/** The shared toasts (libs/ui) with this app's close label. */
export { toastDuration, useToast, type ToastType } from '@mboa/ui';

export function ToastProvider({ children }: { children: ReactNode }) {
  return <SharedToastProvider closeLabel={t.app.close}>{children}</SharedToastProvider>;
}

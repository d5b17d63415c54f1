import { ToastProvider as SharedToastProvider } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';
import type { ReactNode } from 'react';

/** The shared toasts (libs/ui) with this app's close label. */
export { toastDuration, useToast, type ToastType } from '@mboa/ui';

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return <SharedToastProvider closeLabel={t('app.close')}>{children}</SharedToastProvider>;
}

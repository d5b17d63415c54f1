import { ToastProvider } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';
import type { ReactNode } from 'react';

/** The shared toasts with this app's close label, in the language read now. */
export function Toasts({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return <ToastProvider closeLabel={t('app.close')}>{children}</ToastProvider>;
}

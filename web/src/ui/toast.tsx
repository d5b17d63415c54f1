import { LIMITS } from '@mboa/contracts';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { t } from '../i18n/index.js';

export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'failed';
interface Toast {
  id: number;
  type: ToastType;
  text: string;
}

/** Errors stay longer so they can be read (spec §9: 3000 ms, errors 5000 ms). */
export function toastDuration(type: ToastType): number {
  return type === 'error' || type === 'failed' ? LIMITS.toast.errorDurationMs : LIMITS.toast.durationMs;
}

type Notify = (type: ToastType, text: string) => void;
const ToastContext = createContext<Notify>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  const notify = useCallback<Notify>(
    (type, text) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-3), { id, type, text }]);
      setTimeout(() => dismiss(id), toastDuration(type));
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.type}`} role={toast.type === 'error' || toast.type === 'failed' ? 'alert' : undefined}>
            <span>{toast.text}</span>
            <button type="button" className="toast-close" aria-label={t.app.close} onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  return useContext(ToastContext);
}

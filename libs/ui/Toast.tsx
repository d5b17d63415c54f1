import { LIMITS } from '@mboa/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'failed';
interface ToastItem {
  id: number;
  type: ToastType;
  text: string;
}

/** Errors stay longer so they can be read (`LIMITS.toast`: 3000 ms, errors 5000 ms). */
export function toastDuration(type: ToastType): number {
  return type === 'error' || type === 'failed' ? LIMITS.toast.errorDurationMs : LIMITS.toast.durationMs;
}

export type Notify = (type: ToastType, text: string) => void;
const ToastContext = createContext<Notify>(() => {});

/** Holds the visible toasts (at most four) and removes each after its duration. */
export function ToastProvider({ children, closeLabel }: { children: ReactNode; closeLabel: string }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // Gone with the page: a toast's timer must not touch a provider that is no longer there.
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  const notify = useCallback<Notify>(
    (type, text) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-3), { id, type, text }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, toastDuration(type));
      timers.current.add(timer);
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.type}`}
            data-toast-type={toast.type}
            role={toast.type === 'error' || toast.type === 'failed' ? 'alert' : undefined}
          >
            <span>{toast.text}</span>
            <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => dismiss(toast.id)}>
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

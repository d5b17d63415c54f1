import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbort } from '@mboa/web-core';
import { reportAccessLost } from '../session/access.js';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replace part of the data with what the server answered to an action. */
  setData: (update: (current: T | null) => T | null) => void;
}

/** Loads `load()` whenever `key` changes (aborting the previous call); keeps the last answer while reloading. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [data, setDataState] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    loadRef
      .current(controller.signal)
      .then((value) => {
        if (!controller.signal.aborted) setDataState(value);
      })
      .catch((e: unknown) => {
        if (isAbort(e) || controller.signal.aborted) return;
        reportAccessLost(e);
        setError(e);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [key, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  const setData = useCallback((update: (current: T | null) => T | null) => setDataState(update), []);
  return { data, error, loading, reload, setData };
}

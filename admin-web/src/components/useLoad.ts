import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export interface Loaded<T> {
  data: T | null;
  /** The last failure, cleared while a new attempt runs (the retry button shows the spinner). */
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replace part of the data with what the server answered to an action. */
  setData: (update: (current: T | null) => T | null) => void;
}

/**
 * Reads `load()` through the app's TanStack Query cache under `key` (a new key aborts the previous
 * call) and keeps the last answer on screen while the next one loads. Lost sessions are noticed by
 * the cache's `onError` (see main.tsx).
 */
export function useLoad<T>(key: readonly unknown[], load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => load(signal), placeholderData: keepPreviousData });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const keyText = JSON.stringify(key);
  const setData = useCallback(
    (update: (current: T | null) => T | null) => client.setQueryData<T>(JSON.parse(keyText) as readonly unknown[], (current) => update(current ?? null) ?? undefined),
    [client, keyText],
  );
  return { data: query.data ?? null, error: query.isFetching ? null : query.error, loading: query.isFetching, reload, setData };
}

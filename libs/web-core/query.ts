import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.js';

/** How many times a read is tried again after the network failed (status 0), and after how long. */
export const NETWORK_RETRIES = 2;
export const retryDelayMs = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000);

/**
 * Reads are tried again only when the network failed: an answer from the server (4xx, 5xx) is
 * final and shown at once, as before TanStack Query. Changes are not repeated by the data layer: api()
 * sends a write again itself, under its Idempotency-Key, when its answer was lost (docs/api.md#idempotency-key).
 */
export function retryOnNetworkFailure(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && failureCount < NETWORK_RETRIES;
}

/**
 * The data layer of both apps: one cache per app (and per test). `onError` sees every failed read
 * and change (the admin app uses it to notice a lost session).
 */
export function createQueryClient(options: { onError?: (error: unknown) => void } = {}): QueryClient {
  const onError = options.onError ?? (() => {});
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: retryOnNetworkFailure,
        retryDelay: retryDelayMs,
        // A page shows what it loaded when it was opened; it reloads after a change, not on focus.
        refetchOnWindowFocus: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}

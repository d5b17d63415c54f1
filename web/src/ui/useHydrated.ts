import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while a page is drawn on the server and while the browser takes it over, true after (and
 * from the start of a page the browser draws itself). What only the browser can show waits for it,
 * so both sides draw the same first screen.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

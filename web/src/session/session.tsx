import type { PublicUser } from '@mboa/contracts';
import { ApiError } from '@mboa/web-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { getMe, logout as logoutCall } from '../api/endpoints.js';
import { forgetAccountWithoutSession, forgetKeptAccount } from '../offline/caches.js';

/** The cache entry of the signed-in person (null when signed out). Log-in and log-out write it. */
export const CURRENT_USER_KEY = ['session', 'me'] as const;

/** The current-user lookup: a failed lookup means "signed out"; 401 is the normal signed-out answer. */
async function currentUser(signal: AbortSignal): Promise<PublicUser | null> {
  // First, so the service worker cannot answer with the last person's copy.
  const forgetting = forgetAccountWithoutSession();
  if (forgetting) await forgetting.catch(() => undefined);
  try {
    return (await getMe(signal))?.user ?? null;
  } catch (error) {
    // A dropped connection is thrown, so the lookup is tried again (the data layer's retries).
    if (error instanceof ApiError && error.status === 0) throw error;
    if (error instanceof ApiError && error.status === 401) {
      // The session ended without Logout: what was kept for it goes (the worker drops it too).
      await forgetKeptAccount().catch(() => undefined);
    } else console.warn('Current-user lookup failed', error);
    return null;
  }
}

/** Survives a reload of /login, so the person still lands where they were going. */
const REDIRECT_KEY = 'mboa.redirect';

export interface Session {
  user: PublicUser | null;
  /** True until the first current-user lookup finishes. */
  loading: boolean;
  setUser: (user: PublicUser | null) => void;
  /**
   * Remembers where to go after login. The guard's automatic bounce right after a logout is not
   * remembered; `force` is for a person's own action (Message Landlord while signed out).
   */
  rememberRedirect: (path: string, options?: { force?: boolean }) => void;
  /** The path to open after login ('/' when none or after a logout); clears it. */
  takeRedirect: () => string;
  /** True from a logout until the next login. */
  fromLogout: boolean;
  logout: () => Promise<boolean>;
}

const SessionContext = createContext<Session | null>(null);

function readStoredRedirect(): string | null {
  // On the server there is no storage (and a thrown, caught error per page drawn costs time).
  if (typeof window === 'undefined') return null;
  try {
    return sessionStorage.getItem(REDIRECT_KEY);
  } catch {
    return null;
  }
}
function storeRedirect(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(REDIRECT_KEY, path);
    else sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    /* private mode: the in-memory copy still works */
  }
}

export function SessionProvider({ children, initialUser }: { children: ReactNode; initialUser?: PublicUser | null }) {
  const queryClient = useQueryClient();
  const known = initialUser !== undefined;
  const lookup = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => currentUser(signal),
    // Known for the whole visit: only log-in and log-out change it, and they say who it is.
    staleTime: Infinity,
    enabled: !known,
  });
  // What a log-in or log-out said, kept as React state so the pages they open next already see it
  // (the cache tells its readers a moment later).
  const [written, setWritten] = useState<{ user: PublicUser | null } | null>(known ? { user: initialUser } : null);
  const user = written ? written.user : (lookup.data ?? null);
  // After the retries, a lookup that never reached the server leaves the visitor signed out.
  const loading = !written && lookup.isPending;
  const [fromLogout, setFromLogout] = useState(false);
  const redirect = useRef<string | null>(readStoredRedirect());

  const writeUser = useCallback(
    (next: PublicUser | null) => {
      setWritten({ user: next });
      // A lookup still on its way must not overwrite what the log-in or log-out just said.
      void queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      queryClient.setQueryData(CURRENT_USER_KEY, next);
    },
    [queryClient],
  );

  const setUser = useCallback(
    (next: PublicUser | null) => {
      writeUser(next);
      if (next) setFromLogout(false);
    },
    [writeUser],
  );

  const rememberRedirect = useCallback(
    (path: string, options?: { force?: boolean }) => {
      if (fromLogout && !options?.force) return;
      redirect.current = path;
      storeRedirect(path);
    },
    [fromLogout],
  );

  const takeRedirect = useCallback(() => {
    const path = redirect.current;
    redirect.current = null;
    storeRedirect(null);
    return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') ? path : '/';
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } catch (error) {
      // A failed logout is only logged; the person stays signed in.
      console.error('Logout failed', error);
      return false;
    }
    redirect.current = null;
    storeRedirect(null);
    setFromLogout(true);
    writeUser(null);
    return true;
  }, [writeUser]);

  const value = useMemo<Session>(
    () => ({ user, loading, setUser, rememberRedirect, takeRedirect, fromLogout, logout }),
    [user, loading, setUser, rememberRedirect, takeRedirect, fromLogout, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

import type { PublicUser } from '@mboa/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getMe, logout as logoutCall } from '../api/endpoints.js';

/** Survives a reload of /login, so the person still lands where they were going. */
const REDIRECT_KEY = 'mboa.redirect';

export interface Session {
  user: PublicUser | null;
  /** True until the first current-user lookup finishes (spec §4). */
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
  const [user, setUserState] = useState<PublicUser | null>(initialUser ?? null);
  const [loading, setLoading] = useState(initialUser === undefined);
  const [fromLogout, setFromLogout] = useState(false);
  const redirect = useRef<string | null>(readStoredRedirect());

  useEffect(() => {
    if (initialUser !== undefined) return;
    const controller = new AbortController();
    getMe(controller.signal)
      .then((r) => setUserState(r?.user ?? null))
      .catch((error: unknown) => {
        if ((error as Error)?.name === 'AbortError') return;
        // A failed lookup means "signed out" (spec §8); 401 is the normal signed-out answer.
        if ((error as { status?: number }).status !== 401) console.warn('Current-user lookup failed', error);
        setUserState(null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [initialUser]);

  const setUser = useCallback((next: PublicUser | null) => {
    setUserState(next);
    if (next) setFromLogout(false);
  }, []);

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
      // Spec §8: a failed logout is only logged; the person stays signed in.
      console.error('Logout failed', error);
      return false;
    }
    redirect.current = null;
    storeRedirect(null);
    setFromLogout(true);
    setUserState(null);
    return true;
  }, []);

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

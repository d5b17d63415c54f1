import type { PublicUser } from '@mboa/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getMe, logout as logoutCall } from '../api/admin.js';
import { ApiError, isAbort } from '@mboa/web-core';

/** Where the admin app lives under the gateway (vite `base`, router `basename`). */
export const ADMIN_BASE = '/admin';

export type Access =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'not-admin'; user: PublicUser }
  | { state: 'admin'; user: PublicUser };

/** The public login page, told to come back to `path` (web honours `redirect` for /admin paths). */
export function loginUrl(path: string): string {
  const back = path.startsWith(ADMIN_BASE) ? path : `${ADMIN_BASE}/`;
  return `/login?redirect=${encodeURIComponent(back)}`;
}

/** Fired by the pages when an admin call answers 401 or 403 (session ended, or rights withdrawn). */
export const ACCESS_LOST_EVENT = 'mboa-admin:access-lost';
export function reportAccessLost(error: unknown): void {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    window.dispatchEvent(new CustomEvent(ACCESS_LOST_EVENT, { detail: error.status }));
  }
}

interface AccessContextValue {
  access: Access;
  logout: () => Promise<void>;
}
const AccessContext = createContext<AccessContextValue | null>(null);

/** Looks the signed-in person up once (GET /api/me) and keeps the answer. */
export function AccessProvider({ children, initial }: { children: ReactNode; initial?: Access }) {
  const [access, setAccess] = useState<Access>(initial ?? { state: 'loading' });

  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    getMe(controller.signal)
      .then((r) => {
        const user = r?.user;
        if (!user?.role) setAccess({ state: 'signed-out' });
        else setAccess(user.role === 'admin' ? { state: 'admin', user } : { state: 'not-admin', user });
      })
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        // A failed lookup means "signed out"; 401 is the normal signed-out answer.
        if (!(error instanceof ApiError && error.status === 401)) console.warn('Current-user lookup failed', error);
        setAccess({ state: 'signed-out' });
      });
    return () => controller.abort();
  }, [initial]);

  useEffect(() => {
    const onLost = (event: Event) => {
      const status = (event as CustomEvent<number>).detail;
      setAccess((current) =>
        status === 403 && current.state === 'admin' ? { state: 'not-admin', user: current.user } : status === 401 ? { state: 'signed-out' } : current,
      );
    };
    window.addEventListener(ACCESS_LOST_EVENT, onLost);
    return () => window.removeEventListener(ACCESS_LOST_EVENT, onLost);
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } catch (error) {
      // A failed logout is only logged; the person stays signed in.
      console.error('Logout failed', error);
      return;
    }
    window.location.assign('/login');
  }, []);

  const value = useMemo(() => ({ access, logout }), [access, logout]);
  return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
}

export function useAccess(): AccessContextValue {
  const value = useContext(AccessContext);
  if (!value) throw new Error('useAccess outside AccessProvider');
  return value;
}

/** The signed-in admin (only inside the gate). */
export function useAdmin(): PublicUser {
  const { access } = useAccess();
  if (access.state !== 'admin') throw new Error('useAdmin outside the admin gate');
  return access.user;
}

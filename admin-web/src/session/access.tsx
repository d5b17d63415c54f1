import { isStaffRole, SECOND_FACTOR_ERROR_CODES, type PublicUser } from '@mboa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { getMe, logout as logoutCall } from '../api/admin.js';
import { ApiError } from '@mboa/web-core';

/** Where the admin app lives under the gateway (vite `base`, router `basename`). */
export const ADMIN_BASE = '/admin';

export type Access =
  | { state: 'loading' }
  | { state: 'signed-out' }
  | { state: 'not-admin'; user: PublicUser }
  /** Staff whose session still owes the second factor: set up the app, or enter a code. */
  | { state: 'second-factor'; step: SecondFactorStep; user: PublicUser }
  | { state: 'admin'; user: PublicUser };

export type SecondFactorStep = 'enrol' | 'check';

/** The step a 403's `code` asks for, or null for any other 403 (docs/api.md#the-admin-areas-second-factor). */
export function secondFactorStepOf(code: string | undefined): SecondFactorStep | null {
  if (code === SECOND_FACTOR_ERROR_CODES['enrolment-required']) return 'enrol';
  if (code === SECOND_FACTOR_ERROR_CODES.required) return 'check';
  return null;
}

/** The public login page, told to come back to `path` (web honours `redirect` for /admin paths). */
export function loginUrl(path: string): string {
  const back = path.startsWith(ADMIN_BASE) ? path : `${ADMIN_BASE}/`;
  return `/login?redirect=${encodeURIComponent(back)}`;
}

/**
 * Fired by the pages when an admin call answers 401 or 403 (session ended, rights withdrawn, or a
 * session that owes its second factor, told by the answer's `code`).
 */
export const ACCESS_LOST_EVENT = 'mboa-admin:access-lost';
export interface AccessLost {
  status: number;
  code?: string;
}
export function reportAccessLost(error: unknown): void {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    window.dispatchEvent(new CustomEvent<AccessLost>(ACCESS_LOST_EVENT, { detail: { status: error.status, code: error.code } }));
  }
}

interface AccessContextValue {
  access: Access;
  logout: () => Promise<void>;
}
const AccessContext = createContext<AccessContextValue | null>(null);

/** The cache entry of who is signed in and what they may do here. */
export const ACCESS_KEY = ['session', 'access'] as const;

/** GET /api/me as an Access; a dropped connection is thrown, so the data layer tries again. */
async function lookUpAccess(signal: AbortSignal): Promise<Access> {
  try {
    const me = await getMe(signal);
    const user = me?.user;
    if (!user?.role) return { state: 'signed-out' };
    if (!isStaffRole(user.role)) return { state: 'not-admin', user };
    if (me.secondFactor === 'enrolment-required') return { state: 'second-factor', step: 'enrol', user };
    if (me.secondFactor === 'required') return { state: 'second-factor', step: 'check', user };
    return { state: 'admin', user };
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) throw error;
    // A failed lookup means "signed out"; 401 is the normal signed-out answer.
    if (!(error instanceof ApiError && error.status === 401)) console.warn('Current-user lookup failed', error);
    return { state: 'signed-out' };
  }
}

/** Looks the signed-in person up once (GET /api/me) and keeps the answer. */
export function AccessProvider({ children, initial }: { children: ReactNode; initial?: Access }) {
  const queryClient = useQueryClient();
  const lookup = useQuery({
    queryKey: ACCESS_KEY,
    queryFn: ({ signal }) => lookUpAccess(signal),
    // Known for the whole visit; only a lost session (below) changes it.
    staleTime: Infinity,
    enabled: !initial,
    ...(initial ? { initialData: initial } : {}),
  });
  // After the retries, a lookup that never reached the server counts as signed out.
  const { data, isError } = lookup;
  const access = useMemo<Access>(() => data ?? (isError ? { state: 'signed-out' } : { state: 'loading' }), [data, isError]);

  // A subscription: the pages report a 401 or 403 on any admin call.
  useEffect(() => {
    const onLost = (event: Event) => {
      const { status, code } = (event as CustomEvent<AccessLost>).detail;
      const step = secondFactorStepOf(code);
      queryClient.setQueryData<Access>(ACCESS_KEY, (current) =>
        status === 403 && current?.state === 'admin'
          ? step
            ? { state: 'second-factor', step, user: current.user }
            : { state: 'not-admin', user: current.user }
          : status === 401
            ? { state: 'signed-out' }
            : current,
      );
    };
    window.addEventListener(ACCESS_LOST_EVENT, onLost);
    return () => window.removeEventListener(ACCESS_LOST_EVENT, onLost);
  }, [queryClient]);

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

import { useI18n } from '@mboa/web-core';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../ui/toast.js';
import { useSession } from './session.js';

/**
 * Log out, from the account menu or the profile: then the login page, for whoever picks the phone
 * up next. A logout that does not reach the server (offline) says so: the person is still signed in.
 */
export function useSignOut(): { signOut: () => Promise<void>; leaving: boolean } {
  const { t } = useI18n();
  const { logout } = useSession();
  const navigate = useNavigate();
  const notify = useToast();
  const [leaving, setLeaving] = useState(false);
  const signOut = useCallback(async () => {
    setLeaving(true);
    const ok = await logout();
    setLeaving(false);
    if (ok) void navigate('/login', { replace: true });
    else notify('error', t('profile.logoutFailed'));
  }, [logout, navigate, notify, t]);
  return { signOut, leaving };
}

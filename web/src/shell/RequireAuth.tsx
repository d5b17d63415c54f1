import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/session.js';
import { Spinner } from '../ui/Spinner.js';

/**
 * Guard of the signed-in pages: a spinner while the session loads; without a signed-in user with
 * a role, remember the path (unless arriving from a logout) and go to /login, replacing history.
 */
export function RequireAuth() {
  const { user, loading, rememberRedirect } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const allowed = Boolean(user?.role);

  useEffect(() => {
    if (loading || allowed) return;
    rememberRedirect(`${location.pathname}${location.search}${location.hash}`);
    void navigate('/login', { replace: true });
  }, [loading, allowed, location, navigate, rememberRedirect]);

  if (loading || !allowed) return <Spinner page />;
  return <Outlet />;
}

import { isOwnerRole, labelOf, MESSAGES, userInitial } from '@mboa/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, useI18n } from '@mboa/web-core';
import { getProfile } from '../api/endpoints.js';
import { useSession } from '../session/session.js';
import { useSignOut } from '../session/useSignOut.js';
import { PROFILE_KEY } from './queryKeys.js';

// Its own chunk: the list, its changes and their calls load with the profile, after the card.
const SavedSearchesSection = lazy(() => import('../saved-searches/SavedSearchesSection.js'));
const SessionsSection = lazy(() => import('../sessions/SessionsSection.js'));
const WhatsAppSection = lazy(() => import('../whatsapp/WhatsAppSection.js'));

export default function Profile() {
  const { t, m, language, format } = useI18n();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const { signOut, leaving } = useSignOut();
  const profileQuery = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await getProfile(signal);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) console.error(MESSAGES.auth.fetchProfileFailed, error);
        throw error;
      }
    },
  });
  const data = profileQuery.data ?? null;
  const signedOut = profileQuery.error instanceof ApiError && profileQuery.error.status === 401;
  const failed = profileQuery.isError && !signedOut;

  // The session ended elsewhere: this tab forgets the person and goes to log in.
  useEffect(() => {
    if (!signedOut) return;
    setUser(null);
    void navigate('/login', { replace: true });
  }, [signedOut, navigate, setUser]);

  if (failed) {
    return (
      <div className="container page narrow">
        <p className="form-error" role="alert">
          {m.auth.loadProfileFailed}
        </p>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="container page narrow" aria-busy="true">
        <div className="panel profile">
          <div className="skeleton avatar-lg" />
          <div className="skeleton line w50" />
          <div className="skeleton line w80" />
          <div className="skeleton line w40" />
        </div>
      </div>
    );
  }

  const { profile, totalProperties } = data;
  return (
    <div className="container page narrow">
      <h1 className="sr-only">{t('profile.title')}</h1>
      <div className="panel profile">
        <span className="avatar avatar-lg" aria-hidden="true">
          {userInitial(profile.name)}
        </span>
        <h2>{profile.name}</h2>
        <p className="muted">{profile.email}</p>
        <dl className="spec-grid">
          <div>
            <dt>{t('profile.role')}</dt>
            <dd>{t(`labels.role.${profile.role}`, { defaultValue: profile.role })}</dd>
          </div>
          <div>
            <dt>{t('profile.status')}</dt>
            <dd className="capitalize">{labelOf('userStatus', profile.status, language)}</dd>
          </div>
          {profile.whatsapp ? (
            <div>
              <dt>{t('profile.whatsapp')}</dt>
              <dd>{profile.whatsapp}</dd>
            </div>
          ) : null}
          {isOwnerRole(profile.role) ? (
            <>
              <div>
                <dt>{t('profile.totalProperties')}</dt>
                <dd data-testid="total-properties">{format.number(totalProperties)}</dd>
              </div>
              <div>
                <dt>{t('profile.verified')}</dt>
                <dd>{profile.isVerified ? t('profile.verified') : t('profile.notVerified')}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {/* In sight, not tucked away: on a phone shared by a family, the next person must not find this account open. */}
        <div className="profile-logout">
          <button type="button" className="btn btn-danger" onClick={() => void signOut()} disabled={leaving}>
            {leaving ? t('profile.loggingOut') : t('profile.logout')}
          </button>
          <p className="muted">{t('profile.logoutHint')}</p>
        </div>
      </div>
      <Suspense fallback={null}>
        <WhatsAppSection />
      </Suspense>
      <Suspense fallback={null}>
        <SavedSearchesSection />
      </Suspense>
      <Suspense fallback={null}>
        <SessionsSection />
      </Suspense>
    </div>
  );
}

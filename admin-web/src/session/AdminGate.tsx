import { Spinner } from '@mboa/ui';
import { LanguageSwitch, useI18n } from '@mboa/web-core';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { loginUrl, useAccess } from './access.js';

/** Drawn once per sign-in at most (with its QR code library): downloaded only then. */
const SecondFactorGate = lazy(async () => ({ default: (await import('./SecondFactorGate.js')).SecondFactorGate }));

/** Leaves the admin app for the public login page; replaces history so Back does not loop. */
function goToLogin(url: string) {
  window.location.replace(url);
}

/**
 * Spinner while the session loads; signed-out visitors go to the public login and come back here;
 * a signed-in non-admin sees a 'not authorised' page (the server answers 403 to every admin call too);
 * staff set up their authenticator app or enter its code before anything else is drawn.
 */
export function AdminGate({ children, onSignedOut = goToLogin }: { children: ReactNode; onSignedOut?: (url: string) => void }) {
  const { t } = useI18n();
  const { access } = useAccess();

  useEffect(() => {
    if (access.state !== 'signed-out') return;
    const { pathname, search, hash } = window.location;
    onSignedOut(loginUrl(`${pathname}${search}${hash}`));
  }, [access.state, onSignedOut]);

  if (access.state === 'loading') return <Spinner page label={t('app.loading')} />;
  if (access.state === 'signed-out') return <Spinner page label={t('access.redirecting')} />;
  if (access.state === 'not-admin') return <NotAuthorised name={access.user.name} />;
  if (access.state === 'second-factor') {
    return (
      <Suspense fallback={<Spinner page label={t('app.loading')} />}>
        <SecondFactorGate step={access.step} user={access.user} />
      </Suspense>
    );
  }
  return <>{children}</>;
}

export function NotAuthorised({ name }: { name: string }) {
  const { t } = useI18n();
  const { pathname, search } = window.location;
  return (
    <main className="not-authorised" data-testid="not-authorised">
      <div className="panel">
        <div className="auth-language">
          <LanguageSwitch label={t('app.language')} />
        </div>
        <h1>{t('access.notAuthorisedTitle')}</h1>
        <p>{t('access.notAuthorisedText', { name })}</p>
        <div className="row">
          <a className="btn btn-primary" href="/">
            {t('access.backToSite')}
          </a>
          <a className="btn btn-outline" href={loginUrl(`${pathname}${search}`)}>
            {t('access.switchAccount')}
          </a>
        </div>
      </div>
    </main>
  );
}

import { LanguageSwitch, useI18n } from '@mboa/web-core';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from './DocumentTitle.js';
import { useLanguageAddress } from './language-address.js';

/** Login, sign-up and reset: outside the navigation shell, with the desktop-only side panel. */
export function AuthLayout() {
  const { t } = useI18n();
  const toLanguageAddress = useLanguageAddress();
  return (
    <div className="auth-page">
      <DocumentTitle />
      <aside className="auth-panel" aria-hidden="false">
        <Link to="/" className="brand brand-light">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{t('app.name')}</span>
        </Link>
        <h2>{t('authPanel.heading')}</h2>
        <p>{t('authPanel.line')}</p>
        <ul className="ticks">
          {t('authPanel.points', { returnObjects: true }).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </aside>
      <main className="auth-main" id="main">
        <div className="auth-language">
          <LanguageSwitch label={t('app.language')} onSwitch={toLanguageAddress} />
        </div>
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}

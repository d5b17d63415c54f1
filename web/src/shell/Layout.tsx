import { useI18n } from '@mboa/web-core';
import { Link, Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from './DocumentTitle.js';
import { SITE } from '../config.js';
import { Nav } from './Nav.js';
import { OfflineNotice } from '../offline/OfflineNotice.js';

/** The public navigation shell (every route except login, signup and reset-password). */
export function Layout() {
  const { t } = useI18n();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <DocumentTitle />
      <Nav />
      <OfflineNotice />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}

function Footer() {
  const { t } = useI18n();
  return (
    <footer className="footer">
      <div className="container footer-inner">
        <div>
          <p className="brand">{t('app.name')}</p>
          <p className="muted">{t('app.footerTagline')}</p>
          <p className="muted">
            {SITE.location} · <a href={`tel:${SITE.phoneHref}`}>{SITE.phoneDisplay}</a> ·{' '}
            <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
          </p>
        </div>
        <nav className="footer-links" aria-label={t('nav.resources')}>
          <Link to="/faq">{t('nav.faq')}</Link>
          <Link to="/help">{t('nav.helpCenter')}</Link>
          <Link to="/contact">{t('nav.contact')}</Link>
          <Link to="/terms">{t('nav.terms')}</Link>
          <Link to="/privacy">{t('nav.privacy')}</Link>
          <Link to="/about">{t('nav.about')}</Link>
        </nav>
        <p className="muted small">{t('app.footerRights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}

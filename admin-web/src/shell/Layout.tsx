import { shortName } from '@mboa/contracts';
import { Spinner } from '@mboa/ui';
import { LanguageSwitch, useI18n } from '@mboa/web-core';
import { useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { useAccess, useAdmin } from '../session/access.js';

/** Admin navigation: Dashboard, Users, Properties, Requests, Support, Reports, Verification, Figures, and the public site. */
export function Layout() {
  const { t } = useI18n();
  const links = [
    { to: '/', label: t('nav.dashboard'), end: true },
    { to: '/users', label: t('nav.users'), end: false },
    { to: '/properties', label: t('nav.properties'), end: false },
    { to: '/requests', label: t('nav.requests'), end: false },
    { to: '/support', label: t('nav.support'), end: false },
    { to: '/reports', label: t('nav.reports'), end: false },
    { to: '/verification', label: t('nav.verification'), end: false },
    { to: '/figures', label: t('nav.figures'), end: false },
  ];
  const admin = useAdmin();
  const { logout } = useAccess();
  // The page the menu was opened on: it is open only there, so moving to another page closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const location = useLocation();
  const navigation = useNavigation();

  const menuOpen = menuOpenAt === location.pathname;

  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <span className="brand">
          {t('app.name')} <span className="brand-tag">{t('app.area')}</span>
        </span>
        <div className="topbar-actions">
          <LanguageSwitch label={t('app.language')} />
          <button
            type="button"
            className="btn btn-ghost btn-sm menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="admin-nav"
            onClick={() => setMenuOpenAt(menuOpen ? null : location.pathname)}
          >
            {menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          </button>
        </div>
      </header>
      <nav id="admin-nav" className={`sidebar${menuOpen ? ' open' : ''}`} aria-label={t('nav.main')}>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <a href="/">{t('nav.publicSite')}</a>
          <span className="muted small">{shortName(admin.name)}</span>
          <button type="button" className="link-button" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </div>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        {navigation.state === 'loading' ? <Spinner label={t('app.loading')} /> : <Outlet />}
      </main>
    </div>
  );
}

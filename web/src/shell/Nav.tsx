import { shortName, userInitial, type PublicUser } from '@mboa/contracts';
import { LanguageSwitch, useI18n, type TFunction } from '@mboa/web-core';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { SITE } from '../config.js';
import { useSession } from '../session/session.js';
import { useSignOut } from '../session/useSignOut.js';
import { useLanguageAddress } from './language-address.js';

export interface NavEntry {
  label: string;
  to: string;
  /** A link into another app (the admin area): a full page load. */
  external?: boolean;
}
export interface NavMenu {
  label: string;
  items: NavEntry[];
}

/** The top navigation for a role: the links, menus and Post button each role is shown, worded by `t`. */
export function navFor(user: Pick<PublicUser, 'role'> | null, t: TFunction): { links: NavEntry[]; menus: NavMenu[]; showPost: boolean } {
  const role = user?.role;
  const isOwner = role === 'landlord' || role === 'caretaker';
  const showPost = !user || isOwner;
  // Favourites for everyone: signed out, they are kept on the device.
  const links: NavEntry[] = [
    { label: t('nav.home'), to: '/' },
    { label: t('nav.favourites'), to: '/favourites' },
  ];
  if (showPost) links.push({ label: t('nav.postProperty'), to: '/post-property' });
  if (isOwner) links.push({ label: t('nav.myListings'), to: '/my-listings' });
  if (role === 'admin') links.push({ label: t('nav.adminDashboard'), to: SITE.adminUrl, external: true });
  const menus: NavMenu[] = [
    {
      label: t('nav.support'),
      items: [
        { label: t('nav.faq'), to: '/faq' },
        { label: t('nav.contact'), to: '/contact' },
        { label: t('nav.helpCenter'), to: '/help' },
      ],
    },
    {
      label: t('nav.resources'),
      items: [
        { label: t('nav.terms'), to: '/terms' },
        { label: t('nav.privacy'), to: '/privacy' },
        { label: t('nav.about'), to: '/about' },
      ],
    },
  ];
  return { links, menus, showPost };
}

function EntryLink({ entry, className }: { entry: NavEntry; className?: string }) {
  if (entry.external) {
    return (
      <a href={entry.to} className={className}>
        {entry.label}
      </a>
    );
  }
  return (
    <NavLink to={entry.to} end={entry.to === '/'} className={({ isActive }) => `${className ?? ''}${isActive ? ' active' : ''}`}>
      {entry.label}
    </NavLink>
  );
}

function DropMenu({ menu }: { menu: NavMenu }) {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // Open on the page where it was opened: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpenOn(null);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const active = menu.items.some((i) => i.to === pathname);
  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className={`nav-link${active ? ' active' : ''}`} aria-expanded={open} onClick={() => setOpen(!open)}>
        {menu.label} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <ul className="dropdown-menu">
          {menu.items.map((item) => (
            <li key={item.to}>
              <EntryLink entry={item} className="dropdown-item" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Log out, beside the person's name wherever it is shown: the first place someone looks for it. In
 * the bar it is a door icon (named, with its tooltip): the links, the language switch and the name
 * leave no room for the words in French at 1024-1280 px.
 */
function LogoutButton({ className, iconOnly = false }: { className: string; iconOnly?: boolean }) {
  const { t } = useI18n();
  const { signOut, leaving } = useSignOut();
  const label = leaving ? t('profile.loggingOut') : t('profile.logout');
  return (
    <button type="button" className={className} onClick={() => void signOut()} disabled={leaving} title={iconOnly ? label : undefined}>
      {iconOnly ? (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
        </svg>
      ) : null}
      <span className={iconOnly ? 'sr-only' : undefined}>{label}</span>
    </button>
  );
}

function Avatar({ user }: { user: PublicUser }) {
  const { t } = useI18n();
  return (
    // Named by its own words, the name it shows then ", your profile" for screen readers: an
    // aria-label would hide the shown name from voice control ("click Ada Nkem"; WCAG 2.5.3).
    <Link to="/profile" className="avatar-link">
      <span className="avatar" aria-hidden="true">
        {userInitial(user.name)}
      </span>
      <span className="avatar-name">{shortName(user.name)}</span>
      <span className="sr-only">{t('nav.profileAfterName')}</span>
    </Link>
  );
}

export function Nav() {
  const { t, m } = useI18n();
  const { user, loading } = useSession();
  const { links, menus, showPost } = navFor(user, t);
  const { pathname } = useLocation();
  const toLanguageAddress = useLanguageAddress();
  // Open on the page where it was opened: following one of its links closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (next: boolean) => setMenuOpenOn(next ? pathname : null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpenOn(null);
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [menuOpen]);

  const account = loading ? (
    <span className="account-placeholder" aria-hidden="true" />
  ) : user ? (
    <>
      <Avatar user={user} />
      <LogoutButton className="btn btn-ghost btn-sm nav-logout" iconOnly />
    </>
  ) : (
    <>
      <Link to="/login" className="btn btn-ghost">
        {t('nav.login')}
      </Link>
      <Link to="/signup" className="btn btn-primary">
        {t('nav.signup')}
      </Link>
    </>
  );

  return (
    <header className="topbar">
      <div className="container topbar-inner">
        <Link to="/" className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{t('app.name')}</span>
        </Link>
        <nav className="nav-desktop" aria-label={t('nav.mainNavigation')}>
          {links.map((l) => (
            <EntryLink key={l.to} entry={l} className="nav-link" />
          ))}
          {menus.map((menu) => (
            <DropMenu key={menu.label} menu={menu} />
          ))}
        </nav>
        {/* Outside the menu, so a phone switches in one tap; the account and menu buttons follow it. */}
        <div className="nav-language">
          <LanguageSwitch label={t('app.language')} onSwitch={toLanguageAddress} />
        </div>
        <div className="nav-account">{account}</div>
        <div className="nav-mobile-actions">
          {showPost ? (
            <Link to="/post-property" className="btn btn-primary btn-sm">
              + {m.ui.postProperty}
            </Link>
          ) : null}
          <button type="button" className="icon-button" aria-label={t('nav.openMenu')} aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <span className="burger" aria-hidden="true" />
          </button>
        </div>
      </div>
      {menuOpen ? (
        <div className="mobile-menu" role="dialog" aria-modal="true" aria-label={t('nav.mainNavigation')}>
          <div className="mobile-menu-head">
            <span className="brand">{t('app.name')}</span>
            <button type="button" className="icon-button" aria-label={t('nav.closeMenu')} onClick={() => setMenuOpen(false)} autoFocus>
              ×
            </button>
          </div>
          <nav className="mobile-menu-body" aria-label={t('nav.mainNavigation')}>
            {user ? (
              <div className="mobile-account">
                <Avatar user={user} />
                <LogoutButton className="btn btn-ghost btn-sm" />
              </div>
            ) : null}
            {links.map((l) => (
              <EntryLink key={l.to} entry={l} className="mobile-link" />
            ))}
            {menus.map((menu) => (
              <div key={menu.label} className="mobile-group">
                <p className="mobile-group-title">{menu.label}</p>
                {menu.items.map((i) => (
                  <EntryLink key={i.to} entry={i} className="mobile-link" />
                ))}
              </div>
            ))}
            {!user && !loading ? (
              <div className="mobile-auth">
                <Link to="/login" className="btn btn-ghost">
                  {t('nav.login')}
                </Link>
                <Link to="/signup" className="btn btn-primary">
                  {t('nav.signup')}
                </Link>
              </div>
            ) : null}
          </nav>
        </div>
      ) : null}
    </header>
  );
}

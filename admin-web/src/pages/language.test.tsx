import { MESSAGES_FR, type PublicUser } from '@mboa/contracts';
import { LanguageSwitch } from '@mboa/web-core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@mboa/web-core';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fr } from '../i18n/fr.js';
import { AccessProvider, useAccess } from '../session/access.js';
import { NotAuthorised } from '../session/AdminGate.js';
import { LanguageOnProfile } from '../session/LanguageOnProfile.js';
import { admin, i18n, mockFetch, renderPage, user } from '../test/utils.js';
import Users from './Users.js';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('FR | EN switch', () => {
  it('shows the open list in French at once, without reading it again, and back in English', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(() => ({ body: { users: [user({ isVerified: true })], total: 1, page: 1, totalPages: 1 } }));
    renderPage(<Users />, { path: '/users', inLayout: true });
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByText('Ada Nkem Fon')).toBeInTheDocument();
    const reads = calls.length;

    await u.click(screen.getByRole('button', { name: 'FR – Français' }));

    // The first switch loads the French texts (their own chunk), then every screen changes at once.
    expect(await screen.findByRole('heading', { name: fr.users.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Utilisateurs' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: fr.nav.main });
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: fr.nav.properties })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(screen.getByLabelText(fr.users.search)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: fr.users.filterAll })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    expect(screen.getByRole('button', { name: fr.app.next })).toBeInTheDocument();
    expect(screen.getByTestId('pagination-text')).toHaveTextContent(MESSAGES_FR.ui.pageOf(1, 1));
    expect(screen.getByRole('columnheader', { name: fr.table.joined })).toBeInTheDocument();
    // The row's stored values read in French too: role, status, verified, the date.
    const row = screen.getByTestId('user-row-u1');
    expect(row).toHaveTextContent('Bailleur');
    expect(row).toHaveTextContent('Actif');
    expect(within(row).getByTestId('verified')).toHaveTextContent('Oui');
    expect(row).toHaveTextContent('1 nov. 2026');
    await u.click(within(row).getByRole('button', { name: 'Actions pour Ada Nkem Fon' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Suspendre', 'Publier en son nom', 'Modifier']);
    expect(document.documentElement.lang).toBe('fr');
    expect(document.title).toBe(fr.app.documentTitle);
    expect(screen.getByRole('button', { name: 'FR – Français' }).getAttribute('aria-pressed')).toBe('true');

    await u.click(screen.getByRole('button', { name: 'EN – English' }));
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByTestId('user-row-u1')).toHaveTextContent('1 Nov 2026');
    expect(document.title).toBe('Mboa Rentals – Admin');
    expect(calls).toHaveLength(reads);
  });
});

describe('the not-authorised screen', () => {
  it('has the switch too, for a signed-in person who is not staff', async () => {
    const u = userEvent.setup();
    render(<NotAuthorised name="Rita Renter" />);
    expect(screen.getByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'FR – Français' }));
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByText(/^Vous êtes connecté en tant que Rita Renter,/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: fr.access.backToSite })).toBeInTheDocument();
  });
});

describe('the profile follows the language', () => {
  function SignedIn() {
    const { access } = useAccess();
    return <p data-testid="language">{access.state === 'admin' ? access.user.language : ''}</p>;
  }

  it('saves the language read on the signed-in admin once, and keeps the saved profile', async () => {
    const u = userEvent.setup();
    const signedIn: PublicUser = { ...admin, language: 'en' };
    const { calls } = mockFetch(({ method, body }) => (method === 'PATCH' ? { body: { user: { ...signedIn, ...body } } } : undefined));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AccessProvider initial={{ state: 'admin', user: signedIn }}>
          <LanguageOnProfile />
          <LanguageSwitch label="Language" />
          <SignedIn />
        </AccessProvider>
      </QueryClientProvider>,
    );
    expect(calls).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'FR – Français' }));
    await waitFor(() => expect(screen.getByTestId('language')).toHaveTextContent('fr'));
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['PATCH', '/api/user/me', { language: 'fr' }]]);
  });
});

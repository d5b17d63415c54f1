import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from '@mboa/web-core';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import Home, { forgetHomeSnapshot } from '../pages/Home.js';
import { i18n, mockFetch, property, renderApp, user } from '../test/utils.js';
import { AuthLayout } from './AuthLayout.js';
import { DocumentTitle } from './DocumentTitle.js';
import { searchInLanguage } from './language-address.js';
import { Nav } from './Nav.js';

/** The top bar above the home page, as a visitor lands. */
function HomeScreen() {
  return (
    <>
      <Nav />
      <Home />
    </>
  );
}

const results = { properties: [property({ id: 'a', title: 'Flat A' }), property({ id: 'b', title: 'Flat B' })], total: 2, page: 1, totalPages: 1 };

beforeEach(() => {
  forgetHomeSnapshot();
  vi.stubGlobal('IntersectionObserver', undefined);
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the FR | EN switch in the top bar', () => {
  it('shows every text on screen in French at once, without reading any data again', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(({ path }) => (path === '/api/properties/search' ? { body: results } : undefined));
    renderApp(<HomeScreen />);
    expect(await screen.findByText('2 properties found')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    const before = calls.length;
    const bar = screen.getByRole('banner');

    await u.click(within(bar).getByRole('button', { name: 'FR – Français' }));

    // The first switch loads the French texts (their own chunk), then every screen changes at once.
    expect(await screen.findByRole('heading', { level: 1, name: fr.home.heroTitle })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(within(bar).getByRole('button', { name: 'FR – Français' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(bar).getAllByRole('link', { name: fr.nav.home }).length).toBeGreaterThan(0);
    // A text shared with the server (MESSAGES_FR) and one of the app's catalog, both already French.
    expect(within(bar).getByRole('link', { name: `+ ${MESSAGES_FR.ui.postProperty}` })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: `+ ${MESSAGES.ui.postProperty}` })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: fr.home.heroTitle })).toBeInTheDocument();
    // The listings stay as they were: the switch re-words them, it does not download them again.
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(before);

    await u.click(within(bar).getByRole('button', { name: 'EN – English' }));
    expect(document.documentElement.lang).toBe('en');
    expect(within(bar).getAllByRole('link', { name: 'Home' }).length).toBeGreaterThan(0);
    expect(screen.getByText('2 properties found')).toBeInTheDocument();
  });

  it("keeps a signed-in person's profile on the language they chose", async () => {
    const u = userEvent.setup();
    const ada = user({ name: 'Ada Nkem', language: 'en' });
    const { calls } = mockFetch(({ method, path }) =>
      method === 'PATCH' && path === '/api/user/me' ? { body: { user: { ...ada, language: 'fr' }, message: MESSAGES.auth.profileUpdated } } : undefined,
    );
    renderApp(<Nav />, { signedIn: ada });
    // The profile already says English: nothing to send.
    expect(calls).toHaveLength(0);

    await u.click(within(screen.getByRole('banner')).getByRole('button', { name: 'FR – Français' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PATCH', path: '/api/user/me', body: { language: 'fr' } });
    // The saved profile now says French: no second call.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
  });
});

describe("the browser tab's title", () => {
  it('follows the language on pages without a title of their own', async () => {
    const u = userEvent.setup();
    mockFetch(() => undefined);
    renderApp(
      <>
        <DocumentTitle />
        <LanguageSwitch label="Language" />
      </>,
    );
    await waitFor(() => expect(document.title).toBe(en.app.documentTitle));
    await u.click(screen.getByRole('button', { name: 'FR – Français' }));
    await waitFor(() => expect(document.title).toBe(fr.app.documentTitle));
    expect(fr.app.documentTitle).not.toBe(en.app.documentTitle);
  });
});

describe("the switch moves to the page's address in the chosen language", () => {
  it('replaces `lang` in the address, keeping the path, the rest of the query and the hash', async () => {
    const u = userEvent.setup();
    mockFetch(() => undefined);
    const { router } = renderApp(<Nav />, { path: '/property-details/abc', route: '/property-details/:id' });
    await act(() => router.navigate('/property-details/abc?lang=en&from=search#photos'));

    await u.click(within(screen.getByRole('banner')).getByRole('button', { name: 'FR – Français' }));

    await waitFor(() => expect(router.state.location.search).toBe('?lang=fr&from=search'));
    expect(router.state.location).toMatchObject({ pathname: '/property-details/abc', hash: '#photos' });
    // The language's address replaces the page's: Back does not undo a language.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(document.documentElement.lang).toBe('fr');

    await u.click(within(screen.getByRole('banner')).getByRole('button', { name: 'EN – English' }));
    await waitFor(() => expect(router.state.location.search).toBe('?lang=en&from=search'));
    expect(router.state.location).toMatchObject({ pathname: '/property-details/abc', hash: '#photos' });
  });

  it('gives an address without a language one, on the sign-in pages too', async () => {
    const u = userEvent.setup();
    mockFetch(() => undefined);
    const { router } = renderApp(<AuthLayout />, { path: '/login' });
    expect(router.state.location.search).toBe('');

    await u.click(screen.getByRole('button', { name: 'FR – Français' }));

    await waitFor(() => expect(router.state.location.search).toBe('?lang=fr'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("names each button by the code it shows, then the language in its own words (WCAG 2.5.3)", () => {
    mockFetch(() => undefined);
    renderApp(<LanguageSwitch label="Language" />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-label'), b.getAttribute('lang')])).toEqual([
      ['FR', 'FR – Français', 'fr'],
      ['EN', 'EN – English', 'en'],
    ]);
  });

  it('sets only `lang` in a query, every other parameter kept in place', () => {
    expect(searchInLanguage('', 'fr')).toBe('?lang=fr');
    expect(searchInLanguage('?town=Buea&lang=en&page=2', 'fr')).toBe('?town=Buea&lang=fr&page=2');
    expect(searchInLanguage('?q=a%20b%26c', 'en')).toBe('?q=a+b%26c&lang=en');
  });
});

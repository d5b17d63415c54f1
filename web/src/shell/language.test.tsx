import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from '@mboa/web-core';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import Home, { forgetHomeSnapshot } from '../pages/Home.js';
import { i18n, mockFetch, property, renderApp, user } from '../test/utils.js';
import { DocumentTitle } from './DocumentTitle.js';
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
    await u.click(screen.getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(document.title).toBe(fr.app.documentTitle));
    expect(fr.app.documentTitle).not.toBe(en.app.documentTitle);
  });
});

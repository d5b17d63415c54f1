import type { FavouriteCard } from '@mboa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Favourites from '../pages/Favourites.js';
import { i18n, mockFetch, property, renderApp, user, type Call } from '../test/utils.js';
import { PropertyCard } from '../ui/PropertyCard.js';
import { favouriteIds, resetFavouritesStore } from './store.js';

const DEVICE = 'mboa.favourites';
const device = () => JSON.parse(localStorage.getItem(DEVICE) ?? '[]') as string[];
const heart = (title = 'Studio in Molyko') => screen.getByRole('button', { name: `Save to favourites: ${title}` });
const studio = property({ id: 'p1', _id: 'p1', title: 'Studio in Molyko' });

beforeEach(() => {
  localStorage.clear();
  resetFavouritesStore();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the heart on a card', () => {
  it('signed out: keeps the listing on this device, pressed, without calling the server; a second tap takes it off', async () => {
    const { calls } = mockFetch(() => undefined);
    renderApp(<PropertyCard property={studio} />, { signedIn: null });
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(device()).toEqual(['p1']);
    await userEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('false');
    expect(device()).toEqual([]);
    expect(calls.filter((c) => c.path.startsWith('/api/favourites'))).toEqual([]);
  });

  it('is a 44 px button beside the card link, never inside it, named in French too', async () => {
    mockFetch(() => undefined);
    await i18n.changeLanguage('fr');
    renderApp(<PropertyCard property={studio} />, { signedIn: null });
    const button = screen.getByRole('button', { name: 'Ajouter aux favoris : Studio in Molyko' });
    expect(button.closest('a')).toBeNull();
    expect(button.classList.contains('fav-btn')).toBe(true);
  });

  it('signed in: saves on the account, and goes back with the server’s text when refused', async () => {
    let refuse = false;
    const { calls } = mockFetch((call) => {
      if (call.path === '/api/favourites/ids') return { body: { propertyIds: [] } };
      if (call.path === '/api/favourites/p1' && refuse) return { status: 409, body: { message: 'You can keep at most 100 favourites. Remove one to add another.' } };
      if (call.path === '/api/favourites/p1') return { body: { message: 'Saved to your favourites', propertyId: 'p1', favourite: call.method === 'PUT', total: 1 } };
      return undefined;
    });
    renderApp(<PropertyCard property={studio} />, { signedIn: user() });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/favourites/ids')).toBe(true));
    await userEvent.click(heart());
    expect(heart().getAttribute('aria-pressed')).toBe('true');
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: '/api/favourites/p1' });
    expect(device()).toEqual([]);
    await userEvent.click(heart());
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/favourites/p1' }));
    refuse = true;
    await userEvent.click(heart());
    expect(await screen.findByText('You can keep at most 100 favourites. Remove one to add another.')).toBeTruthy();
    expect(heart().getAttribute('aria-pressed')).toBe('false');
  });

  it('signed in: a heart tapped while the account’s list is on its way stays pressed when that (older) list arrives', async () => {
    let answerIds: (body: unknown) => void = () => undefined;
    const { calls } = mockFetch((call) => {
      if (call.path === '/api/favourites/ids') return new Promise((resolve) => (answerIds = (body) => resolve({ body })));
      if (call.path === '/api/favourites/p1') return { body: { message: 'Saved to your favourites', propertyId: 'p1', favourite: true, total: 2 } };
      return undefined;
    });
    renderApp(<PropertyCard property={studio} />, { signedIn: user() });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/favourites/ids')).toBe(true));
    await userEvent.click(heart());
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: '/api/favourites/p1' }));
    // Read before the tap: it does not have p1 yet.
    answerIds({ propertyIds: ['p5'] });
    await waitFor(() => expect(favouriteIds()).toEqual(['p1', 'p5']));
    expect(heart().getAttribute('aria-pressed')).toBe('true');
  });

  it('at log-in, merges the device list into the account and then forgets it on the device', async () => {
    localStorage.setItem(DEVICE, JSON.stringify(['p1', 'p9']));
    resetFavouritesStore();
    const { calls } = mockFetch<{ propertyIds: string[] }>((call) =>
      call.path === '/api/favourites/merge' ? { body: { added: 1, propertyIds: ['p1', 'p7'] } } : undefined,
    );
    renderApp(<PropertyCard property={studio} />, { signedIn: user() });
    await waitFor(() => expect(device()).toEqual([]));
    expect(calls.filter((c) => c.path.startsWith('/api/favourites'))).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/favourites/merge', body: { propertyIds: ['p1', 'p9'] } }),
    ]);
    expect(favouriteIds()).toEqual(['p1', 'p7']);
    expect(heart().getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the favourites page', () => {
  const card = (over: Partial<FavouriteCard> & { propertyId: string }): FavouriteCard => ({ available: true, state: 'available', property: null, ...over });

  it('signed out: the device list’s cards, a note on one no longer available, deleted ones forgotten', async () => {
    localStorage.setItem(DEVICE, JSON.stringify(['p1', 'p2', 'gone']));
    resetFavouritesStore();
    const { calls } = mockFetch((call: Call) =>
      call.path === '/api/favourites/cards'
        ? { body: { favourites: [card({ propertyId: 'p1', property: studio }), card({ propertyId: 'p2', available: false, state: 'unavailable' })] } }
        : undefined,
    );
    renderApp(<Favourites />, { path: '/favourites', signedIn: null });
    expect(await screen.findByRole('heading', { name: 'Studio in Molyko' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/favourites/cards')?.query.get('ids')).toBe('p1,p2,gone');
    expect(screen.getByText('No longer available')).toBeTruthy();
    expect(screen.getByText(/Saved on this device only/)).toBeTruthy();
    await waitFor(() => expect(device()).toEqual(['p1', 'p2']));
    expect(screen.getByText('2 listings saved')).toBeTruthy();
    // Taken off here, gone from the page at once.
    await userEvent.click(heart());
    expect(screen.queryByRole('heading', { name: 'Studio in Molyko' })).toBeNull();
    expect(device()).toEqual(['p2']);
  });

  it('signed in: the account’s list, a rented one marked and not a link', async () => {
    const rented = property({ id: 'p3', _id: 'p3', title: 'Flat in Bonamoussadi', status: 'rented' });
    mockFetch((call) => {
      if (call.path === '/api/favourites/ids') return { body: { propertyIds: ['p1', 'p3'] } };
      if (call.path === '/api/favourites')
        return { body: { total: 2, favourites: [card({ propertyId: 'p1', property: studio }), card({ propertyId: 'p3', available: false, state: 'rented', property: rented })] } };
      return undefined;
    });
    await i18n.changeLanguage('fr');
    renderApp(<Favourites />, { path: '/favourites', signedIn: user() });
    const note = await screen.findByText('Plus disponible : déjà louée');
    const article = note.closest('article')!;
    expect(within(article).getByRole('heading', { name: 'Flat in Bonamoussadi' })).toBeTruthy();
    expect(within(article).queryByRole('link')).toBeNull();
    expect(screen.getByRole('link', { name: /Studio in Molyko/ }).getAttribute('href')).toBe('/property-details/p1');
    expect(screen.queryByText(/Enregistrés sur cet appareil/)).toBeNull();
  });

  it('says so when there are none, with a way back to the listings', async () => {
    mockFetch(() => undefined);
    renderApp(<Favourites />, { path: '/favourites', signedIn: null });
    expect(await screen.findByRole('heading', { name: 'No favourites yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse listings' }).getAttribute('href')).toBe('/');
  });
});

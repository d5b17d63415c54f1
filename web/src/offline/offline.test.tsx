import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from '../home/filters.js';
import { Layout } from '../shell/Layout.js';
import { i18n, renderApp } from '../test/utils.js';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import { resetFavouritesStore, toggleFavourite } from '../favourites/store.js';
import { mockFetch, property } from '../test/utils.js';
import { noteAnswer, resetConnection, watchConnection } from './connection.js';
import { keepFavouritesOffline, type PhotoToKeep } from './keep-favourites.js';
import { lastSearchWhenOffline, parseFilters, rememberLastSearch } from './last-search.js';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
}

afterEach(async () => {
  act(() => resetConnection());
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the offline notice', () => {

  it('says the device is offline while the browser is, in the language shown, and goes when it is back', async () => {
    watchConnection();
    renderApp(<Layout />);
    expect(screen.queryByText(en.offline.offline)).toBeNull();
    goOffline(true);
    expect(await screen.findByText(en.offline.offline)).toBeTruthy();
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByText(fr.offline.offline)).toBeTruthy();
    goOffline(false);
    expect(screen.queryByText(fr.offline.offline)).toBeNull();
  });

  it('says the answers shown were saved earlier when one came from the cache, until one comes from the network', async () => {
    watchConnection();
    renderApp(<Layout />);
    act(() => noteAnswer('cache'));
    expect(await screen.findByText(en.offline.saved)).toBeTruthy();
    act(() => noteAnswer('network'));
    expect(screen.queryByText(en.offline.saved)).toBeNull();
  });
});

describe('the last search, for opening the home page offline', () => {
  const kribi = { ...EMPTY_FILTERS, town: 'Kribi', search: 'studio', sort: 'price-asc' as const };

  it('is kept on the device and used only while offline', () => {
    rememberLastSearch(kribi);
    expect(lastSearchWhenOffline()).toBeNull();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(lastSearchWhenOffline()).toEqual(kribi);
  });

  it('ignores a damaged or foreign copy', () => {
    expect(parseFilters(null)).toBeNull();
    expect(parseFilters({ town: 3 })).toBeNull();
    expect(parseFilters({ category: 'castle' })).toBeNull();
    expect(parseFilters({ sort: 'cheapest' })).toBeNull();
    expect(parseFilters({ controlChecked: 'yes' })).toBeNull();
    expect(parseFilters({ town: 'Buea' })).toEqual({ ...EMPTY_FILTERS, town: 'Buea' });
    // Kept before the control filter existed: read as off.
    expect(parseFilters({ town: 'Buea' })?.controlChecked).toBe('');
    expect(parseFilters({ controlChecked: 'true' })).toEqual({ ...EMPTY_FILTERS, controlChecked: 'true' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    localStorage.setItem('mboa.lastSearch', '{not json');
    expect(lastSearchWhenOffline()).toBeNull();
  });
});

describe('a listing hearted stays readable offline', () => {
  const withPhotos = property({
    id: 'p1',
    _id: 'p1',
    propertyImages: [
      { url: '/media/properties/p1/a1b2-large.webp', alt: 'Front', width: 1024, height: 768 },
      { url: '/media/properties/p1/c3d4-large.webp', alt: 'Kitchen', width: 1024, height: 768 },
    ],
  });

  function withWorker() {
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    resetFavouritesStore();
  });

  it('a heart pressed fetches its details and its main photo as the details page shows it, through the worker', async () => {
    withWorker();
    resetFavouritesStore();
    const { calls } = mockFetch((call) => (call.path === '/api/properties/p1' ? { body: withPhotos } : undefined));
    const photos: PhotoToKeep[] = [];
    const stop = keepFavouritesOffline((photo) => photos.push(photo));
    await toggleFavourite('p1');
    await vi.waitFor(() => expect(photos).toHaveLength(1));
    stop();
    expect(calls.map((c) => c.path)).toEqual(['/api/properties/p1']);
    // Kept for later, not read now: the owner's insights must not count it as a view.
    expect(calls[0].headers.get('Purpose')).toBe('prefetch');
    expect(photos[0]).toMatchObject({ src: '/media/properties/p1/a1b2-thumb.webp', sizes: expect.stringContaining('100vw') });
    expect(photos[0]?.srcSet).toContain('/media/properties/p1/a1b2-large.webp 1024w');
  });

  it('nothing is downloaded for a list read at once (a merge at log-in), nor without a worker', async () => {
    const { calls } = mockFetch(() => ({ body: withPhotos }));
    withWorker();
    resetFavouritesStore();
    const stop = keepFavouritesOffline(() => undefined);
    localStorage.setItem('mboa.favourites', JSON.stringify(['p2', 'p3']));
    resetFavouritesStore();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await toggleFavourite('p4');
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(calls).toEqual([]);
  });
});

import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from '../home/filters.js';
import { Layout } from '../shell/Layout.js';
import { i18n, renderApp } from '../test/utils.js';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import { noteAnswer, resetConnection, watchConnection } from './connection.js';
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
    expect(parseFilters({ town: 'Buea' })).toEqual({ ...EMPTY_FILTERS, town: 'Buea' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    localStorage.setItem('mboa.lastSearch', '{not json');
    expect(lastSearchWhenOffline()).toBeNull();
  });
});

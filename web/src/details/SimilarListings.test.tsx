import type { PropertyRead } from '@mboa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PropertyDetails from '../pages/PropertyDetails.js';
import { i18n, mockFetch, property, renderApp } from '../test/utils.js';

const at = { path: '/property-details/p1', route: '/property-details/:id' };
const SIMILAR = '/api/properties/p1/similar';

/** jsdom has no IntersectionObserver: this one lets a test say when the bottom of the page is near. */
let observers: IntersectionObserverCallback[] = [];
class FakeObserver {
  constructor(cb: IntersectionObserverCallback) {
    observers.push(cb);
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}
/** The list's code loads after the page (a chunk of its own): the bottom is reached once it is there. */
async function scrollToBottom() {
  await waitFor(() => expect(document.querySelector('.similar-listings')).not.toBeNull());
  act(() => {
    for (const cb of observers) cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

beforeEach(() => {
  observers = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const similar: PropertyRead[] = [
  property({ id: 's1', _id: 's1', title: 'Studio at Check Point', price: 40_000 }),
  property({ id: 's2', _id: 's2', title: 'Studio in Bonduma', price: 480_000, paymentTerm: 'yearly', paymentTerms: 'yearly' }),
];

/** The details page of p1, with `list` as its similar listings (a promise that never settles: still loading). */
function details(list: PropertyRead[] | Promise<never>) {
  const fetched = mockFetch(async ({ path }) => {
    if (path === SIMILAR) return { body: { properties: await list } };
    if (path === '/api/properties/p1') return { body: property({ id: 'p1', _id: 'p1' }) };
    return undefined;
  });
  renderApp(<PropertyDetails />, at);
  return fetched;
}

const section = () => screen.getByRole('region', { name: 'Similar listings' });
/** French groups thousands with a (narrow) non-breaking space; the reader sees a space. */
const text = (el: HTMLElement) => el.textContent?.replace(/[\u00a0\u202f]/g, ' ');

describe('similar listings on the details page', () => {
  it('are read only when the bottom of the page comes near, then shown as cards linking to each listing', async () => {
    const { calls } = details(similar);
    await screen.findByRole('heading', { level: 1 });
    expect(calls.map((c) => c.path)).not.toContain(SIMILAR);
    expect(screen.queryByText('Similar listings')).toBeNull();

    await scrollToBottom();
    expect(await screen.findByRole('heading', { level: 2, name: 'Similar listings' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === SIMILAR)).toHaveLength(1);
    const cards = within(section()).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Studio at Check Point', 'Studio in Bonduma']);
    expect(within(cards[0]).getByRole('link').getAttribute('href')).toBe('/property-details/s1');
    expect(text(cards[1])).toContain('480,000 FCFA/year');
  });

  it('in French, and follows a switch of language at once', async () => {
    details(similar);
    await screen.findByRole('heading', { level: 1 });
    await scrollToBottom();
    await screen.findByRole('heading', { level: 2, name: 'Similar listings' });
    await act(() => i18n.changeLanguage('fr'));
    const titled = screen.getByRole('region', { name: 'Annonces similaires' });
    expect(text(within(titled).getAllByRole('article')[1])).toContain('480 000 FCFA/an');
    expect(screen.queryByText('Similar listings')).toBeNull();
  });

  it('shows nothing when there are none', async () => {
    const { calls } = details([]);
    await screen.findByRole('heading', { level: 1 });
    await scrollToBottom();
    await vi.waitFor(() => expect(calls.filter((c) => c.path === SIMILAR)).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('heading', { level: 2, name: 'Similar listings' })).toBeNull();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('never holds up the page: the details show while the similar listings still load', async () => {
    details(new Promise<never>(() => undefined));
    await scrollToBottom();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Similar listings')).toBeNull();
  });
});

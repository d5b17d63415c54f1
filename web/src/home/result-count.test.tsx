import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import Home, { forgetHomeSnapshot } from '../pages/Home.js';
import { mockFetch, property, renderApp } from '../test/utils.js';

class QuietObserver {
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  forgetHomeSnapshot();
  vi.stubGlobal('IntersectionObserver', QuietObserver);
});
afterEach(() => vi.unstubAllGlobals());

const answer = (total: number, totalIsLowerBound: boolean) => ({
  properties: Array.from({ length: 12 }, (_, i) => property({ id: `c${i}`, title: `Card ${i}` })),
  total,
  totalIsLowerBound,
  page: 1,
  totalPages: Math.ceil(total / 12),
});

it('says "1,000+ properties found" when the search stopped counting at 1,000', async () => {
  mockFetch(({ path }) => (path === '/api/properties/search' ? { body: answer(1000, true) } : undefined));
  renderApp(<Home />);
  expect(await screen.findByText('1,000+ properties found')).toBeInTheDocument();
});

it('gives an exact count as it is', async () => {
  mockFetch(({ path }) => (path === '/api/properties/search' ? { body: answer(1000, false) } : undefined));
  renderApp(<Home />);
  expect(await screen.findByText('1000 properties found')).toBeInTheDocument();
});

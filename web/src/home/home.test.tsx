import { MESSAGES } from '@mboa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Home, { forgetHomeSnapshot } from '../pages/Home.js';
import { i18n, mockFetch, property, renderApp } from '../test/utils.js';
import { activeFilterCount, EMPTY_FILTERS, filterChips, removeChip, toSearchParams, withCategory } from './filters.js';

/** jsdom has no IntersectionObserver: this one lets a test say when the sentinel is on screen. */
let observers: { cb: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
class FakeObserver {
  constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observers.push({ cb, options });
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}
function scrollToEnd(visible = true) {
  act(() => {
    for (const o of observers) o.cb([{ isIntersecting: visible } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

beforeEach(() => {
  observers = [];
  forgetHomeSnapshot();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.useRealTimers());

const page = (n: number, count: number, totalPages: number, total: number) => ({
  properties: Array.from({ length: count }, (_, i) => property({ id: `p${n}-${i}`, title: `Home ${n}-${i}` })),
  total,
  page: n,
  totalPages,
});

describe('filter state', () => {
  it('counts active panel filters, not the search text', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, search: 'buea' })).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, category: 'residential', town: 'Buea', rooms: '2', maxPrice: '50000' })).toBe(4);
  });
  it('makes chips for category, type and town; removing the category also drops its type', () => {
    const f = { ...EMPTY_FILTERS, category: 'residential' as const, propertyType: 'studio', town: 'Limbe', rooms: '3' };
    expect(filterChips(f, i18n.t).map((c) => c.label)).toEqual(['Residential', 'Studio', 'Limbe']);
    expect(removeChip(f, 'category')).toMatchObject({ category: '', propertyType: '', town: 'Limbe' });
    expect(removeChip(f, 'town').town).toBe('');
  });
  it('drops a type that does not belong to a new category', () => {
    const f = { ...EMPTY_FILTERS, propertyType: 'shop' };
    expect(withCategory(f, 'commercial').propertyType).toBe('shop');
    expect(withCategory(f, 'residential').propertyType).toBe('');
  });
  it('builds the search query with every filter', () => {
    expect(toSearchParams({ ...EMPTY_FILTERS, search: ' flat ', town: 'Buea', minPrice: '1000' }, 2)).toMatchObject({
      search: 'flat',
      town: 'Buea',
      minPrice: '1000',
      page: 2,
    });
  });
});

describe('Home page', () => {
  it('shows 8 skeletons, then cards with thumbnails; loads more on scroll; ends with the end-of-listings message', async () => {
    const { calls } = mockFetch(({ path, query }) => {
      if (path !== '/api/properties/search') return undefined;
      return { body: query.get('page') === '1' ? page(1, 12, 2, 14) : page(2, 2, 2, 14) };
    });
    const { container } = renderApp(<Home />);
    expect(container.querySelectorAll('.skeleton-card')).toHaveLength(8);
    expect(await screen.findByText('14 properties found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    const img = container.querySelector('.card img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/media/p1-0-thumb.webp');
    expect(img.getAttribute('width')).toBe('320');
    expect(img.getAttribute('height')).toBe('240');
    expect(container.querySelectorAll('img[loading="lazy"]').length).toBeGreaterThan(0);
    expect(screen.getAllByText('35,000 FCFA/month').length).toBe(12);
    expect(screen.queryByText(MESSAGES.property.endOfListings)).toBeNull();
    expect(observers[0]?.options?.threshold).toBe(0.1);

    scrollToEnd();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(14));
    expect(calls.filter((c) => c.path === '/api/properties/search').map((c) => c.query.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText(MESSAGES.property.endOfListings)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.ui.requestProperty })).toBeInTheDocument();
  });

  it('applies filters from the panel, shows the count badge and chips, and starts again at page 1', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(({ path }) => (path === '/api/properties/search' ? { body: page(1, 3, 1, 3) } : undefined));
    renderApp(<Home />);
    await screen.findByText('3 properties found');

    await u.click(screen.getByRole('button', { name: /Filters/ }));
    const panel = screen.getByRole('region', { name: 'Filters' });
    await u.click(within(panel).getByLabelText('Commercial'));
    await u.selectOptions(within(panel).getByLabelText('Property Type'), 'shop');
    await u.type(within(panel).getByLabelText('Location'), 'lim');
    await u.click(within(panel).getByRole('option', { name: 'Limbe' }));
    await u.selectOptions(within(panel).getByLabelText('Rooms'), '2');
    await u.type(within(panel).getByLabelText(/Max price/), '90k000');
    await u.click(within(panel).getByRole('button', { name: 'Show Results' }));

    await waitFor(() => expect(calls.length).toBe(2));
    const q = calls[1].query;
    expect(Object.fromEntries(q)).toEqual({ category: 'commercial', propertyType: 'shop', town: 'Limbe', rooms: '2', maxPrice: '90000', page: '1' });
    expect(screen.getByTestId('filter-count')).toHaveTextContent('5');
    const chips = screen.getAllByRole('button', { name: /Remove filter/ }).map((b) => b.textContent?.replace('×', '').trim());
    expect(chips).toEqual(['Commercial', 'Shop', 'Limbe']);

    await u.click(screen.getByRole('button', { name: 'Remove filter Limbe' }));
    await waitFor(() => expect(calls.length).toBe(3));
    expect(calls[2].query.get('town')).toBeNull();
    expect(calls[2].query.get('page')).toBe('1');
    expect(screen.getByTestId('filter-count')).toHaveTextContent('4');

    // Reset Filters clears everything in force at once.
    await u.click(screen.getByRole('button', { name: /Filters/ }));
    await u.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(calls.length).toBe(4));
    expect(Object.fromEntries(calls[3].query)).toEqual({ page: '1' });
    expect(screen.queryByTestId('filter-count')).toBeNull();
  });

  it('Clear all empties the panel without applying until Show Results', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(() => ({ body: page(1, 1, 1, 1) }));
    renderApp(<Home />);
    await screen.findByText('1 property found');
    await u.click(screen.getByRole('button', { name: /Filters/ }));
    await u.selectOptions(screen.getByLabelText('Rooms'), '3');
    await u.click(screen.getByRole('button', { name: 'Show Results' }));
    await waitFor(() => expect(calls.length).toBe(2));
    await u.click(screen.getByRole('button', { name: /Filters/ }));
    await u.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.getByLabelText('Rooms')).toHaveValue('');
    expect(calls.length).toBe(2);
    await u.click(screen.getByRole('button', { name: 'Show Results' }));
    await waitFor(() => expect(calls.length).toBe(3));
    expect(calls[2].query.get('rooms')).toBeNull();
  });

  it('debounces the search box by 400 ms', async () => {
    const { calls } = mockFetch(() => ({ body: page(1, 1, 1, 1) }));
    renderApp(<Home />);
    await screen.findByText('1 property found');
    vi.useFakeTimers();
    const box = screen.getByRole('searchbox');
    for (const text of ['d', 'du', 'dup', 'duplex']) {
      fireEvent.change(box, { target: { value: text } });
      await act(async () => {
        vi.advanceTimersByTime(100);
      });
    }
    // 100 ms since the last keystroke; 399 ms in all is still too early.
    expect(calls.length).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(299);
    });
    expect(calls.length).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls[1].query.get('search')).toBe('duplex');
    expect(calls[1].query.get('page')).toBe('1');
  });

  it('shows the empty state with Clear All Filters and Request a Property', async () => {
    const u = userEvent.setup();
    mockFetch(() => ({ body: { properties: [], total: 0, page: 1, totalPages: 0 } }));
    renderApp(<Home />);
    expect(await screen.findByText(MESSAGES.property.noPropertiesFound)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.ui.clearAllFilters })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: MESSAGES.ui.requestProperty }));
    // The form's code comes with the tap (shell/request-modal.tsx).
    expect(await screen.findByRole('dialog', { name: MESSAGES.ui.requestProperty })).toBeInTheDocument();
  });
  it('keeps the list on screen while the next filters load, then replaces it (no skeleton flash)', async () => {
    const u = userEvent.setup();
    let answer: (reply: { body: unknown }) => void = () => {};
    const { calls } = mockFetch(({ query }) =>
      query.get('rooms') ? new Promise((resolve) => (answer = resolve)) : { body: page(1, 3, 1, 3) },
    );
    const { container } = renderApp(<Home />);
    await screen.findByText('3 properties found');
    await u.click(screen.getByRole('button', { name: /Filters/ }));
    await u.selectOptions(screen.getByLabelText('Rooms'), '2');
    await u.click(screen.getByRole('button', { name: 'Show Results' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(container.querySelectorAll('.skeleton-card')).toHaveLength(0);
    await act(async () => answer({ body: page(1, 1, 1, 1) }));
    expect(await screen.findByText('1 property found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('asks again after a dropped connection instead of showing no results', async () => {
    let attempts = 0;
    const { calls } = mockFetch(() => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return { body: page(1, 2, 1, 2) };
    });
    renderApp(<Home />);
    expect(await screen.findByText('2 properties found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.property.noPropertiesFound)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('shows the last list at once when the visitor comes back, without asking again', async () => {
    const { calls } = mockFetch(() => ({ body: page(1, 2, 1, 2) }));
    const { router } = renderApp(<Home />, { path: '/', route: '/', extraRoutes: [{ path: '/away', element: <p>away</p> }] });
    await screen.findByText('2 properties found');
    await act(() => router.navigate('/away'));
    await act(() => router.navigate('/'));
    expect(screen.getByText('2 properties found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });
});

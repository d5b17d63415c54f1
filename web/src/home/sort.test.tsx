import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Home, { forgetHomeSnapshot } from '../pages/Home.js';
import { i18n, mockFetch, property, renderApp } from '../test/utils.js';
import { clearPanel, EMPTY_FILTERS, toSearchParams, toSort } from './filters.js';

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
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** The text a screen reader reads after the control's name. */
const descriptionOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

const answer = {
  properties: [property({ id: 's1', title: 'Studio in Molyko' }), property({ id: 's2', title: 'Flat in Bonamoussadi' })],
  total: 2,
  page: 1,
  totalPages: 1,
};

describe('sort state', () => {
  it('sends the price orders and leaves the default one out of the request', () => {
    expect(toSearchParams(EMPTY_FILTERS, 1).sort).toBe('');
    expect(toSearchParams({ ...EMPTY_FILTERS, sort: 'price-desc' }, 1).sort).toBe('price-desc');
  });

  it('reads an unknown control value as newest, and Clear all goes back to it', () => {
    expect(toSort('price-asc')).toBe('price-asc');
    expect(toSort('cheapest')).toBe('newest');
    expect(clearPanel({ ...EMPTY_FILTERS, search: 'studio', sort: 'price-asc' })).toEqual({ ...EMPTY_FILTERS, search: 'studio' });
  });
});

describe('the sort control in the filters panel', () => {
  it('offers newest, then the price orders, and asks for cheapest first once applied, without counting it as a filter', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(({ path }) => (path === '/api/properties/search' ? { body: answer } : undefined));
    renderApp(<Home />);
    await screen.findByText('2 properties found');
    expect(Object.fromEntries(calls[0].query)).toEqual({ page: '1' });

    await u.click(screen.getByRole('button', { name: /Filters/ }));
    const panel = screen.getByRole('region', { name: 'Filters' });
    const control = within(panel).getByRole('combobox', { name: 'Sort by' });
    expect(control).toHaveValue('newest');
    expect(within(control).getAllByRole('option').map((o) => o.textContent)).toEqual(['Newest', 'Price: low to high', 'Price: high to low']);
    expect(descriptionOf(control)).toBe('Daily, quarterly and yearly prices are compared per month.');

    await u.selectOptions(control, 'Price: low to high');
    expect(calls).toHaveLength(1);
    await u.click(within(panel).getByRole('button', { name: 'Show Results' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(Object.fromEntries(calls[1].query)).toEqual({ sort: 'price-asc', page: '1' });
    expect(screen.queryByTestId('filter-count')).toBeNull();

    // The panel opens again on the order in force; Reset Filters goes back to newest first.
    await u.click(screen.getByRole('button', { name: /Filters/ }));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
    await u.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(Object.fromEntries(calls[2].query)).toEqual({ page: '1' });
  });

  it('speaks French to a French reader, and follows a switch of language while open', async () => {
    const u = userEvent.setup();
    await i18n.changeLanguage('fr');
    const { calls } = mockFetch(({ path }) => (path === '/api/properties/search' ? { body: answer } : undefined));
    renderApp(<Home />);
    await screen.findByText('2 annonces trouvées');

    await u.click(screen.getByRole('button', { name: /Filtres/ }));
    const control = screen.getByRole('combobox', { name: 'Trier par' });
    expect(within(control).getAllByRole('option').map((o) => o.textContent)).toEqual(['Plus récentes', 'Prix croissant', 'Prix décroissant']);
    expect(descriptionOf(control)).toBe('Les prix à la journée, au trimestre et à l’année sont comparés au mois.');
    await u.selectOptions(control, 'Prix décroissant');
    await u.click(screen.getByRole('button', { name: 'Afficher les résultats' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].query.get('sort')).toBe('price-desc');

    await u.click(screen.getByRole('button', { name: /Filtres/ }));
    await act(() => i18n.changeLanguage('en'));
    const english = screen.getByRole('combobox', { name: 'Sort by' });
    expect(english).toHaveValue('price-desc');
    expect(within(english).getAllByRole('option').map((o) => o.textContent)).toEqual(['Newest', 'Price: low to high', 'Price: high to low']);
  });
});

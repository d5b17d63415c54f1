import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fr } from '../i18n/fr.js';
import Home, { forgetHomeSnapshot } from '../pages/Home.js';
import { i18n, mockFetch, property, renderApp } from '../test/utils.js';
import { activeFilterCount, EMPTY_FILTERS, filterChips, filtersFromAddress, filtersToAddress, removeChip, toSearchParams } from './filters.js';

class NoObserver {
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  forgetHomeSnapshot();
  vi.stubGlobal('IntersectionObserver', NoObserver);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const answer = { properties: [property({ checks: { numberConfirmed: true, identityChecked: false, control: 'owner' } })], total: 1, page: 1, totalPages: 1 };

describe('"Control checked only" in the filters', () => {
  it('goes in the address and comes back from it; only true means anything', () => {
    const on = { ...EMPTY_FILTERS, town: 'Buea', controlChecked: 'true' as const };
    const address = filtersToAddress(on, new URLSearchParams('lang=fr'));
    expect(address.toString()).toBe('lang=fr&town=Buea&controlChecked=true');
    expect(filtersFromAddress(`?${address.toString()}`)).toEqual(on);
    expect(filtersFromAddress('?controlChecked=TRUE')?.controlChecked).toBe('true');
    expect(filtersFromAddress('?controlChecked=yes')).toEqual(EMPTY_FILTERS);
    expect(filtersToAddress(EMPTY_FILTERS, new URLSearchParams('controlChecked=true')).toString()).toBe('');
  });

  it('is a filter: counted on the badge, a removable chip, and sent to the search', () => {
    const on = { ...EMPTY_FILTERS, controlChecked: 'true' as const };
    expect(activeFilterCount(on)).toBe(1);
    expect(filterChips(on, i18n.t)).toEqual([{ key: 'controlChecked', label: 'Control checked' }]);
    expect(removeChip(on, 'controlChecked').controlChecked).toBe('');
    expect(toSearchParams(on, 1)).toMatchObject({ controlChecked: 'true' });
    expect(toSearchParams(EMPTY_FILTERS, 1)).toMatchObject({ controlChecked: '' });
  });

  it('the toggle asks for checked listings only, shows in the address and as a chip, and the chip takes it away', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(({ path }) => (path === '/api/properties/search' ? { body: answer } : undefined));
    const { router } = renderApp(<Home />);
    await screen.findByText('1 property found');

    await u.click(screen.getByRole('button', { name: /Filters/ }));
    const panel = screen.getByRole('region', { name: 'Filters' });
    const toggle = within(panel).getByRole('checkbox', { name: /Control checked only/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    // Its hint is read with it (aria-describedby), not only seen.
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Listings whose owner or caretaker showed our team papers for the property.',
    );
    await u.click(toggle);
    await u.click(within(panel).getByRole('button', { name: 'Show Results' }));

    await waitFor(() => expect(calls.length).toBe(2));
    expect(Object.fromEntries(calls[1].query)).toEqual({ controlChecked: 'true', page: '1' });
    await waitFor(() => expect(router.state.location.search).toBe('?controlChecked=true'));
    expect(screen.getByTestId('filter-count')).toHaveTextContent('1');

    await u.click(screen.getByRole('button', { name: 'Remove filter Control checked' }));
    await waitFor(() => expect(calls.length).toBe(3));
    expect(calls[2].query.get('controlChecked')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a shared address is drawn by the server with the filter on: asked of the search, and its chip shown, in French', async () => {
    const { pageReads, renderPage } = await import('../entry-server.js');
    const url = 'https://mboa.example/?town=Buea&controlChecked=true';
    const [read] = pageReads(new URL(url)) ?? [];
    expect(read?.ask).toMatchObject({ kind: 'search', query: { town: 'Buea', controlChecked: 'true' } });
    const page = await renderPage({ url, language: 'fr', answers: [{ found: true, data: answer }] });
    expect(page?.html).toContain(fr.filters.controlCheckedChip);
    // A value the API would refuse is no filter at all: the page is the unfiltered one.
    const [plain] = pageReads(new URL('https://mboa.example/?controlChecked=oui')) ?? [];
    expect(plain?.ask).toMatchObject({ kind: 'search', query: { controlChecked: '' } });
  });
});

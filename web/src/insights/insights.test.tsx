import type { ListingInsights } from '@mboa/contracts';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import MyListings from '../pages/MyListings.js';
import { i18n, mockFetch, property, renderApp, user } from '../test/utils.js';
import { barsOf } from './InsightsChart.js';
import { ListingInsightsBlock, ListingInsightsLine, sparklinePoints } from './ListingInsights.js';

/** 30 days ending 2026-11-25, with these views and contacts on the last days. */
function insightsOf(propertyId: string, lastViews: number[], contacts = 0, provenContacts = 0): ListingInsights {
  const daily = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10);
    const fromEnd = 29 - i;
    return { day, views: lastViews[lastViews.length - 1 - fromEnd] ?? 0, contacts: fromEnd === 0 ? contacts : 0 };
  });
  return { propertyId, daily, views30d: lastViews.reduce((a, b) => a + b, 0), contacts30d: contacts, provenContacts30d: provenContacts };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('owner insights', () => {
  it('draws the days left to right, the busiest at the top, nothing at the bottom', () => {
    expect(sparklinePoints([0, 2, 4], 10, 10)).toBe('1,9 5,5 9,1');
    expect(sparklinePoints([0, 0, 0], 10, 10)).toBe('1,9 5,9 9,9');
    expect(sparklinePoints([])).toBe('');
  });

  it('says how many contacts came from confirmed numbers, when some did', async () => {
    const { rerender } = render(<ListingInsightsLine insights={insightsOf('a', [3, 0, 1], 3, 2)} />);
    expect(screen.getByText('4 views · 3 WhatsApp contacts (2 from confirmed numbers) (30 days)')).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    rerender(<ListingInsightsLine insights={insightsOf('a', [3, 0, 1], 3, 2)} />);
    expect(screen.getByTestId('listing-insights').textContent).toContain('(dont 2 depuis un numéro confirmé)');
  });

  it('says views and contacts with plurals, and describes the line for screen readers', async () => {
    const { rerender } = render(<ListingInsightsLine insights={insightsOf('a', [3, 0, 1], 2)} />);
    expect(screen.getByText('4 views · 2 WhatsApp contacts (30 days)')).toBeInTheDocument();
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('Views per day over the last 30 days: most on 23 Nov 2026 (3 views); today 1 view');
    expect(chart.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(30);

    rerender(<ListingInsightsLine insights={insightsOf('a', [1], 0)} />);
    expect(screen.getByText('1 view · 0 WhatsApp contacts (30 days)')).toBeInTheDocument();

    await i18n.changeLanguage('fr');
    rerender(<ListingInsightsLine insights={insightsOf('a', [1], 0)} />);
    // French counts 0 and 1 in the singular.
    expect(screen.getByText('1 vue · 0 contact WhatsApp (30 jours)')).toBeInTheDocument();
    rerender(<ListingInsightsLine insights={insightsOf('a', [3, 2], 3)} />);
    expect(screen.getByText('5 vues · 3 contacts WhatsApp (30 jours)')).toBeInTheDocument();
    // French's form for counts such as a million.
    rerender(<ListingInsightsLine insights={insightsOf('a', [1_000_000], 0)} />);
    expect(screen.getByText('1000000 de vues · 0 contact WhatsApp (30 jours)')).toBeInTheDocument();
    rerender(<ListingInsightsLine insights={insightsOf('a', [0], 0)} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Aucune vue sur les 30 derniers jours');
  });

  it("reads the page's listings' insights after the list and shows each listing's line", async () => {
    const items = [property({ id: 'a', title: 'Flat A' }), property({ id: 'b', title: 'Flat B' })];
    const { calls } = mockFetch(({ path }) => {
      if (path === '/api/property/my-listings') return { body: { data: items, meta: { total: 2, page: 1, totalPages: 1 } } };
      if (path === '/api/user/my-listings/insights') return { body: { from: '2026-10-27', to: '2026-11-25', listings: [insightsOf('a', [2, 3], 1), insightsOf('b', [])] } };
      return undefined;
    });
    renderApp(<MyListings />, { path: '/my-listings', signedIn: user({ role: 'landlord', isVerified: true }) });
    const cardA = (await screen.findByText('Flat A')).closest('li')!;
    expect(await within(cardA).findByText('5 views · 1 WhatsApp contact (30 days)')).toBeInTheDocument();
    expect(within(screen.getByText('Flat B').closest('li')!).getByText('0 views · 0 WhatsApp contacts (30 days)')).toBeInTheDocument();
    const asked = calls.find((c) => c.path === '/api/user/my-listings/insights')!;
    expect(asked.method).toBe('GET');
    expect(asked.query.get('ids')).toBe('a,b');
  });

  it("keeps a listing's open chart open while My Listings reads its listings again (a phone back online, another listing deleted)", async () => {
    let items = [property({ id: 'a', title: 'Flat A' }), property({ id: 'b', title: 'Flat B' })];
    const { calls } = mockFetch(({ path, body, query }) => {
      if (path === '/api/user/my-listings/insights') {
        const ids = (query.get('ids') ?? '').split(',');
        // Read for fewer listings, the numbers have moved on (so the test sees the new read land).
        return { body: { from: '2026-10-27', to: '2026-11-25', listings: ids.map((id) => insightsOf(id, ids.length > 1 ? [2, 3] : [2, 3, 4], 1)) } };
      }
      const b = body as { action: string; payload: { id?: string } } | undefined;
      if (b?.action === 'delete') {
        items = items.filter((p) => p.id !== b.payload.id);
        return { body: { message: 'ok' } };
      }
      if (path === '/api/property/my-listings') return { body: { data: items, meta: { total: items.length, page: 1, totalPages: 1 } } };
      return undefined;
    });
    renderApp(<MyListings />, { path: '/my-listings', signedIn: user({ role: 'landlord', isVerified: true }) });
    const cardOf = (title: string) => screen.getByText(title).closest('li')!;
    const chartOpen = (title: string) => {
      const card = cardOf(title);
      expect(within(card).getByTestId('insights-chart')).toBeInTheDocument();
      expect(within(card).getByText('Views and contacts per day (30 days)').closest('details')!.open).toBe(true);
    };
    await screen.findByText('Flat A');
    const details = (await within(cardOf('Flat A')).findByText('Views and contacts per day (30 days)')).closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await within(cardOf('Flat A')).findByTestId('insights-chart')).toBeInTheDocument();

    // The phone's connection comes back: the list is read again behind the open chart, and its
    // answer brings the listing's new title.
    items = [{ ...items[0], title: 'Flat A, repainted' }, items[1]];
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    expect(await screen.findByText('Flat A, repainted')).toBeInTheDocument();
    chartOpen('Flat A, repainted');

    // Another listing is deleted: the list, and the insights of the listings left, are read again.
    fireEvent.click(within(cardOf('Flat B')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Flat B')).toBeNull());
    expect(await within(cardOf('Flat A, repainted')).findByText('9 views · 1 WhatsApp contact (30 days)')).toBeInTheDocument();
    chartOpen('Flat A, repainted');
    expect(calls.filter((c) => (c.body as { action?: string } | undefined)?.action === 'fetch')).toHaveLength(3);
  });

  it('takes a deleted listing off My Listings at once, before the list is read again', async () => {
    let items = [property({ id: 'a', title: 'Flat A' }), property({ id: 'b', title: 'Flat B' })];
    let deleted = false;
    // After the delete, the list's read again is held (a slow phone): the row must already be gone.
    const held = new Promise<never>(() => undefined);
    mockFetch(({ path, body }) => {
      if (path === '/api/user/my-listings/insights') return { body: { from: '2026-10-27', to: '2026-11-25', listings: [] } };
      const b = body as { action: string; payload: { id?: string } } | undefined;
      if (b?.action === 'delete') {
        items = items.filter((p) => p.id !== b.payload.id);
        deleted = true;
        return { body: { message: 'ok' } };
      }
      if (path === '/api/property/my-listings') return deleted ? held : { body: { data: items, meta: { total: items.length, page: 1, totalPages: 1 } } };
      return undefined;
    });
    renderApp(<MyListings />, { path: '/my-listings', signedIn: user({ role: 'landlord', isVerified: true }) });
    await screen.findByText('Flat B');
    fireEvent.click(within(screen.getByText('Flat B').closest('li')!).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Flat B')).toBeNull());
    expect(screen.getByText('Flat A')).toBeInTheDocument();
  });

  it('draws one bar per day, the busiest full height, none for a day without', () => {
    const bars = barsOf([0, 2, 4], 30, 10);
    expect(bars.map((b) => b.height)).toEqual([0, 5, 10]);
    expect(bars.map((b) => b.x)).toEqual([0, 10, 20]);
    expect(bars[2].y).toBe(0);
  });

  it("shows today's totals and, once opened, the 30 days drawn with every day's numbers in a table, in both languages", async () => {
    const insights = insightsOf('a', [4, 0, 2, 3], 2);
    const { unmount } = render(<ListingInsightsBlock insights={insights} />);
    expect(screen.getByTestId('listing-insights-today').textContent).toBe('Today: 3 views · 2 WhatsApp contacts');
    // The chart's code is not there until the owner opens the listing's days.
    expect(screen.queryByTestId('insights-chart')).toBeNull();
    const details = screen.getByText('Views and contacts per day (30 days)').closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const chart = await screen.findByTestId('insights-chart');
    expect(within(chart).getByText('Views per day')).toBeInTheDocument();
    expect(within(chart).getByText('highest: 4')).toBeInTheDocument();
    expect(chart.querySelectorAll('.insights-chart-views rect')).toHaveLength(3);
    expect(chart.querySelectorAll('.insights-chart-contacts rect')).toHaveLength(1);
    const table = within(chart).getByRole('table', { name: 'Views and WhatsApp contacts per day, last 30 days, most recent first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(within(rows[1]).getByRole('rowheader').textContent).toBe('25 Nov 2026');
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '2']);
    expect(within(rows[4]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '0']);
    unmount();

    await i18n.changeLanguage('fr');
    render(<ListingInsightsBlock insights={insights} />);
    expect(screen.getByTestId('listing-insights-today').textContent).toBe('Aujourd’hui : 3 vues · 2 contacts WhatsApp');
    const fr = screen.getByText('Vues et contacts par jour (30 jours)').closest('details')!;
    fr.open = true;
    fireEvent(fr, new Event('toggle'));
    const frChart = await screen.findByTestId('insights-chart');
    expect(within(frChart).getByText('maximum : 4')).toBeInTheDocument();
    expect(within(frChart).getByRole('table', { name: /^Vues et contacts WhatsApp par jour, 30 derniers jours/ })).toBeInTheDocument();
    expect(within(frChart).getByRole('columnheader', { name: 'Jour' })).toBeInTheDocument();
  });
});

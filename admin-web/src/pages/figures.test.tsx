import type { AdminFigures } from '@mboa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { barsOf } from '../figures/DailyBars.js';
import { i18n, mockFetch, renderPage } from '../test/utils.js';
import Figures from './Figures.js';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** 30 days ending 2026-11-27: 3 postings and a Kribi search that found nothing on the last day. */
function figuresOf(): AdminFigures {
  const days = Array.from({ length: 30 }, (_, i) => {
    const last = i === 29;
    return {
      day: new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10),
      posted: last ? 3 : i === 0 ? 1 : 0,
      approved: last ? 1 : 0,
      rejected: last ? 1 : 0,
      contacts: last ? 2 : 0,
      searches: last ? 12 : 0,
      foundNothing: last ? 4 : 0,
    };
  });
  return {
    from: days[0].day,
    to: days[29].day,
    days,
    searchesByTown: [
      { town: 'Buea', searches: 8, foundNothing: 1 },
      { town: 'Kribi', searches: 3, foundNothing: 3 },
      { town: 'any', searches: 1, foundNothing: 0 },
    ],
    foundNothing: [
      { town: 'Kribi', propertyType: 'studio', priceBand: 'up-to-25k', searches: 3 },
      { town: 'Buea', propertyType: 'any', priceBand: 'any', searches: 1 },
    ],
    medianDecisionHours: 5.5,
    decisions: 2,
    reviewQueue: { waiting: 1, oldestHours: 26.2 },
    verificationQueue: { waiting: 0, oldestHours: null },
    reportsQueue: { waiting: 2, oldestHours: 3 },
  };
}

describe('Figures', () => {
  it('draws bars from left (oldest) to right, the highest reaching the top', () => {
    expect(barsOf([0, 2, 4], 30, 10).map((b) => b.height)).toEqual([0, 5, 10]);
  });

  it('reads 30 days of figures and shows each chart with its numbers in a table', async () => {
    const { calls } = mockFetch(({ path }) => (path === '/api/admin/figures' ? { body: figuresOf() } : undefined));
    renderPage(<Figures />, { path: '/figures' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Listings per day' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/figures')!.query.get('days')).toBe('30');
    const summary = screen.getByTestId('figures-summary');
    expect(summary).toHaveTextContent('Median time from posting to decision5.5 hoursover 2 decisions');
    expect(screen.getByTestId('queue-review')).toHaveTextContent('Listings waiting for review1oldest: 26.2 hours');
    expect(screen.getByTestId('queue-verification')).toHaveTextContent('Documents waiting for a decision0oldest: none');
    expect(screen.getByTestId('queue-reports')).toHaveTextContent('Reported listings waiting2oldest: 3 hours');

    // The daily chart's table: a row per day, a column per series.
    const listings = screen.getByRole('table', { name: 'Listings per day' });
    const rows = within(listings).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(within(listings).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Day', 'Posted', 'Approved', 'Rejected']);
    expect(within(rows[30]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '1', '1']);
    await userEvent.click(screen.getAllByText('Show the numbers')[0]);
    expect(screen.getByText('total 4, highest day 3')).toBeInTheDocument();

    // Where renters found nothing: the table is the chart.
    const nothing = screen.getByRole('table', { name: 'Searches that found nothing, by town, type and price band' });
    const first = within(nothing).getAllByRole('row')[1];
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Kribi');
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Studio', 'Up to 25,000 FCFA', '3']);
    const towns = screen.getByRole('table', { name: 'Searches by town' });
    expect(within(towns).getByRole('rowheader', { name: 'No town given' })).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    mockFetch(({ path }) => (path === '/api/admin/figures' ? { body: figuresOf() } : undefined));
    renderPage(<Figures />, { path: '/figures' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chiffres' })).toBeInTheDocument();
    const listings = await screen.findByRole('table', { name: 'Annonces par jour' });
    expect(within(listings).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Jour', 'Publiées', 'Approuvées', 'Refusées']);
    const nothing = screen.getByRole('table', { name: 'Recherches sans résultat, par ville, type et budget' });
    expect(within(within(nothing).getAllByRole('row')[1]).getAllByRole('cell')[1]).toHaveTextContent('Jusqu’à 25 000 FCFA');
    expect(screen.getByTestId('figures-summary')).toHaveTextContent('sur 2 décisions');
    expect(screen.getByTestId('queue-reports')).toHaveTextContent('Annonces signalées en attente2la plus ancienne : 3 heures');
  });
});

import type { PriceCheck } from '@mboa/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PropertyReview from '../pages/PropertyReview.js';
import { i18n, mockFetch, property, renderPage } from '../test/utils.js';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const flagged: PriceCheck = { term: 'monthly', price: 12_000, median: 45_000, comparables: 14, ratio: 0.27, flagged: true };

/** The review screen of p1, whose admin read carries `priceCheck`. */
async function review(priceCheck: PriceCheck | null) {
  mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/api/admin/properties/p1') return { body: { property: { ...property(), photoMatches: [], priceCheck } } };
    return undefined;
  });
  renderPage(<PropertyReview />, { path: '/property-review/p1', route: '/property-review/:id' });
  // The screen has read the property once its title shows.
  await screen.findByRole('heading', { level: 1 });
}

describe('Unusually low price on the review screen', () => {
  it('warns with the price, the median and how many listings, per month', async () => {
    await review(flagged);
    const warning = screen.getByTestId('price-check');
    expect(within(warning).getByRole('heading', { name: 'Unusually low price' })).toBeInTheDocument();
    expect(warning).toHaveTextContent('Far below the usual price: 12,000 XAF/month vs a median of 45,000 XAF/month over 14 listings');
    expect(warning).toHaveTextContent('monthly, quarterly and yearly rents per month');
  });

  it('in French, with French numbers and units', async () => {
    await i18n.changeLanguage('fr');
    await review(flagged);
    const warning = screen.getByTestId('price-check');
    expect(within(warning).getByRole('heading', { name: 'Prix anormalement bas' })).toBeInTheDocument();
    // French groups thousands with a (narrow) non-breaking space.
    expect(warning.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'Bien en dessous du prix habituel : 12 000 XAF/mois contre une médiane de 45 000 XAF/mois sur 14 annonces',
    );
  });

  it('a daily stay is said per day', async () => {
    await review({ term: 'daily', price: 3_000, median: 15_000, comparables: 5, ratio: 0.2, flagged: true });
    expect(screen.getByTestId('price-check')).toHaveTextContent('Far below the usual price: 3,000 XAF/day vs a median of 15,000 XAF/day over 5 listings');
  });

  it('says nothing for a usual price', async () => {
    await review({ ...flagged, price: 40_000, ratio: 0.89, flagged: false });
    expect(screen.queryByTestId('price-check')).toBeNull();
  });

  it('says nothing when there were too few comparables (null)', async () => {
    await review(null);
    expect(screen.queryByTestId('price-check')).toBeNull();
  });
});

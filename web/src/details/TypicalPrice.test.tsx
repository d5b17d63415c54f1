import type { TypicalPrice } from '@mboa/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PropertyDetails from '../pages/PropertyDetails.js';
import { i18n, mockFetch, property, renderApp } from '../test/utils.js';

const at = { path: '/property-details/p1', route: '/property-details/:id' };

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const typical: TypicalPrice = { amount: 35_000, term: 'monthly', comparables: 12, town: 'Buea', propertyType: 'studio' };

async function details(typicalPrice: TypicalPrice | null | undefined) {
  mockFetch(() => ({ body: { ...property(), typicalPrice } }));
  renderApp(<PropertyDetails />, at);
  await screen.findByRole('heading', { level: 1 });
}

/** French groups thousands with a (narrow) non-breaking space; the reader sees a space. */
const shown = () => screen.getByTestId('typical-price').textContent?.replace(/[\u00a0\u202f]/g, ' ');

describe('the typical price on the details page', () => {
  it('names the type and the town, with the median per month and how many listings', async () => {
    await details(typical);
    expect(shown()).toBe('Typical for a studio in Buea: 35,000 FCFA/month (12 listings)');
  });

  it('in French, and follows a switch of language at once', async () => {
    await details({ ...typical, propertyType: 'Single Room' });
    expect(shown()).toBe('Typical for a single room in Buea: 35,000 FCFA/month (12 listings)');
    await act(() => i18n.changeLanguage('fr'));
    expect(shown()).toBe('Prix habituel pour une chambre à Buea : 35 000 FCFA/mois (12 annonces)');
  });

  it('says “an” before a vowel and a daily stay per day', async () => {
    await details({ ...typical, propertyType: 'apartment', term: 'daily', amount: 15_000, comparables: 5 });
    expect(shown()).toBe('Typical for an apartment in Buea: 15,000 FCFA/day (5 listings)');
  });

  it('shows nothing with too few comparables (null)', async () => {
    await details(null);
    expect(screen.queryByTestId('typical-price')).toBeNull();
  });

  it('shows nothing from a server that does not send it', async () => {
    await details(undefined);
    expect(screen.queryByTestId('typical-price')).toBeNull();
  });
});

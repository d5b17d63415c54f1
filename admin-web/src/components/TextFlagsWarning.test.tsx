import type { ListingTextFlag } from '@mboa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Properties from '../pages/Properties.js';
import PropertyReview from '../pages/PropertyReview.js';
import { i18n, mockFetch, property, renderPage } from '../test/utils.js';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** The review screen of p1, whose admin read carries `textFlags`. */
async function review(textFlags: ListingTextFlag[]) {
  mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/api/admin/properties/p1') return { body: { property: { ...property(), photoMatches: [], priceCheck: null, textFlags } } };
    return undefined;
  });
  renderPage(<PropertyReview />, { path: '/property-review/p1', route: '/property-review/:id' });
  await screen.findByRole('heading', { level: 1 });
}

describe('Money asked before a visit, on the review screen', () => {
  it('says what the text asks for, each flag in its own words', async () => {
    await review(['visit-fee', 'pay-before-visit', 'other-phone']);
    const warning = screen.getByTestId('text-flags');
    expect(within(warning).getByRole('heading', { name: 'Money asked before a visit?' })).toBeInTheDocument();
    expect(within(warning).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'The text asks for a visit fee.',
      'The text asks for a payment (Mobile Money, a transfer or a deposit) before a visit.',
      'The text gives a phone number other than the owner’s WhatsApp number.',
    ]);
    expect(warning).toHaveTextContent('the listing was not held back');
  });

  it('in French', async () => {
    await i18n.changeLanguage('fr');
    await review(['visit-fee']);
    const warning = screen.getByTestId('text-flags');
    expect(within(warning).getByRole('heading', { name: 'Argent demandé avant la visite ?' })).toBeInTheDocument();
    expect(warning).toHaveTextContent('Le texte demande des frais de visite.');
  });

  it('says nothing when the text asks for nothing', async () => {
    await review([]);
    expect(screen.queryByTestId('text-flags')).toBeNull();
  });
});

describe('Money asked before a visit, in the properties list', () => {
  it('marks a flagged row, in English and French, and no other', async () => {
    const flagged = { ...property({ _id: 'pf', title: 'Flat F' }), textFlags: ['visit-fee', 'other-phone'] };
    const clean = { ...property({ _id: 'pc', title: 'Flat C' }), textFlags: [] };
    mockFetch(({ body }) => (body.type === 'list' ? { body: { properties: [flagged, clean], total: 2, page: 1, totalPages: 1 } } : undefined));
    const { unmount } = renderPage(<Properties />, { path: '/properties' });
    const badge = within(await screen.findByTestId('property-row-pf')).getByTestId('text-flags-badge');
    expect(badge).toHaveTextContent('Money before visit?');
    expect(badge.getAttribute('title')).toBe('The text asks for a visit fee. The text gives a phone number other than the owner’s WhatsApp number.');
    expect(within(screen.getByTestId('property-row-pc')).queryByTestId('text-flags-badge')).toBeNull();
    unmount();

    await i18n.changeLanguage('fr');
    renderPage(<Properties />, { path: '/properties' });
    expect(within(await screen.findByTestId('property-row-pf')).getByTestId('text-flags-badge')).toHaveTextContent('Argent avant visite ?');
  });

  it('a row a status change answered keeps its mark (that answer carries no flags)', async () => {
    const u = userEvent.setup();
    const flagged = { ...property({ _id: 'pf', title: 'Flat F', status: 'available' }), textFlags: ['pay-before-visit'] };
    mockFetch(({ body }) => {
      if (body.type === 'list') return { body: { properties: [flagged], total: 1, page: 1, totalPages: 1 } };
      if (body.type === 'markRented') return { body: { message: 'ok', property: property({ _id: 'pf', title: 'Flat F', status: 'rented' }) } };
      return undefined;
    });
    renderPage(<Properties />, { path: '/properties' });
    await u.click(await screen.findByRole('button', { name: 'Actions for Flat F' }));
    await u.click(screen.getByRole('menuitem', { name: 'Mark Rented' }));
    await screen.findByText('Rented', { selector: '[data-testid="property-row-pf"] *' });
    expect(within(screen.getByTestId('property-row-pf')).getByTestId('text-flags-badge')).toHaveTextContent('Money before visit?');
  });
});

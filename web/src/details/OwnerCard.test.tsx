import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import PropertyDetails from '../pages/PropertyDetails.js';
import { i18n, mockFetch, property, renderApp } from '../test/utils.js';

const at = { path: '/property-details/p1', route: '/property-details/:id' };

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('who you are dealing with', () => {
  const owner = { firstName: 'Paul', verified: true, memberSince: '2024-03-15T08:30:00.000Z', activeListings: 2 };

  it('shows the first name, verified, member since (month and year) and the active listings', async () => {
    mockFetch(() => ({ body: property({ owner }) }));
    renderApp(<PropertyDetails />, at);
    const card = await screen.findByRole('region', { name: en.ownerCard.title });
    expect(within(card).getByText('Paul')).toBeInTheDocument();
    expect(within(card).getByText(/Verified by our team/)).toBeInTheDocument();
    expect(within(card).getByText('Member since March 2024')).toBeInTheDocument();
    expect(within(card).getByText('2 active listings')).toBeInTheDocument();
  });

  it('in French, and says nothing of verification for an owner not verified', async () => {
    mockFetch(() => ({ body: property({ owner: { ...owner, verified: false, activeListings: 1 } }) }));
    await act(() => i18n.changeLanguage('fr'));
    renderApp(<PropertyDetails />, at);
    const card = await screen.findByRole('region', { name: fr.ownerCard.title });
    expect(within(card).getByText('Membre depuis mars 2024')).toBeInTheDocument();
    expect(within(card).getByText('1 annonce active')).toBeInTheDocument();
    expect(within(card).queryByText(new RegExp(fr.ownerCard.verified))).toBeNull();
  });

  it('no card when the answer has no owner', async () => {
    mockFetch(() => ({ body: property() }));
    renderApp(<PropertyDetails />, at);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: en.ownerCard.title })).toBeNull();
  });
});

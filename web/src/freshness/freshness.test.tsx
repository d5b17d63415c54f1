import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ConfirmAvailability from '../pages/ConfirmAvailability.js';
import MyListings from '../pages/MyListings.js';
import PropertyDetails from '../pages/PropertyDetails.js';
import { i18n, mockFetch, property, renderApp, user } from '../test/utils.js';
import { confirmedAgo } from './AvailabilityAge.js';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 60_000).toISOString();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('how long ago availability was confirmed', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const at = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

  it('in whole days, worded by the language: today, yesterday, N days ago', () => {
    expect(confirmedAgo(at(0), 'en', now)).toBe('today');
    expect(confirmedAgo(at(1), 'en', now)).toBe('yesterday');
    expect(confirmedAgo(at(12), 'en', now)).toBe('12 days ago');
    expect(confirmedAgo(at(0), 'fr', now)).toBe('aujourd’hui');
    expect(confirmedAgo(at(1), 'fr', now)).toBe('hier');
    expect(confirmedAgo(at(12), 'fr', now)).toBe('il y a 12 jours');
  });

  it('nothing for a missing or unreadable date', () => {
    expect(confirmedAgo(undefined, 'en', now)).toBeNull();
    expect(confirmedAgo('soon', 'en', now)).toBeNull();
  });
});

describe('the details page', () => {
  const at = { path: '/property-details/p1', route: '/property-details/:id' };

  it('says how long ago the owner confirmed, and follows a switch of language at once', async () => {
    mockFetch(() => ({ body: property({ availabilityConfirmedAt: daysAgo(3) }) }));
    renderApp(<PropertyDetails />, at);
    expect((await screen.findByTestId('availability-age')).textContent).toBe('Availability confirmed 3 days ago');
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('availability-age').textContent).toBe('Disponibilité confirmée il y a 3 jours');
  });

  it('says nothing when the server does not send it', async () => {
    mockFetch(() => ({ body: property() }));
    renderApp(<PropertyDetails />, at);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('availability-age')).toBeNull();
  });
});

describe('My Listings: confirm availability in one tap', () => {
  it('confirms an available listing, shows the server’s message and the new age at once', async () => {
    const items = [
      property({ id: 'a', title: 'Flat A', availabilityConfirmedAt: daysAgo(30) }),
      property({ id: 'b', title: 'Flat B', status: 'rented', availabilityConfirmedAt: daysAgo(30) }),
    ];
    const { calls } = mockFetch(({ body }) => {
      const b = body as { action: string; payload: { id?: string } };
      if (b.action === 'fetch') return { body: { data: items, meta: { total: 2, page: 1, totalPages: 1 } } };
      if (b.action === 'confirm') return { body: { message: MESSAGES.freshness.confirmed, data: { ...items[0], availabilityConfirmedAt: new Date().toISOString() } } };
      return undefined;
    });
    renderApp(<MyListings />, { path: '/my-listings', signedIn: user({ role: 'landlord', isVerified: true }) });
    const cardA = (await screen.findByText('Flat A')).closest('li')!;
    expect(within(cardA).getByTestId('availability-age').textContent).toBe('Availability confirmed 30 days ago');
    // A rented listing has nothing to confirm (marking it available is the confirmation).
    const cardB = screen.getByText('Flat B').closest('li')!;
    expect(within(cardB).queryByRole('button', { name: 'Confirm availability' })).toBeNull();

    fireEvent.click(within(cardA).getByRole('button', { name: 'Confirm availability' }));
    expect(await screen.findByText(MESSAGES.freshness.confirmed)).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ path: '/api/property/my-listings', body: { action: 'confirm', payload: { id: 'a' } } });
    await waitFor(() => expect(within(cardA).getByTestId('availability-age').textContent).toBe('Availability confirmed today'));
  });

  it('in French: the button and the server’s refusal', async () => {
    await i18n.changeLanguage('fr');
    mockFetch(({ body }) => {
      const b = body as { action: string };
      if (b.action === 'fetch') return { body: { data: [property({ id: 'a', title: 'Studio A', availabilityConfirmedAt: daysAgo(2) })], meta: { total: 1, page: 1, totalPages: 1 } } };
      if (b.action === 'confirm') return { status: 404, body: { message: MESSAGES_FR.property.notFound } };
      return undefined;
    });
    renderApp(<MyListings />, { path: '/my-listings', signedIn: user({ role: 'landlord', isVerified: true }) });
    const card = (await screen.findByText('Studio A')).closest('li')!;
    expect(within(card).getByTestId('availability-age').textContent).toBe('Disponibilité confirmée avant-hier');
    fireEvent.click(within(card).getByRole('button', { name: 'Confirmer la disponibilité' }));
    expect(await screen.findByText(MESSAGES_FR.property.notFound)).toBeInTheDocument();
  });
});

describe('the reminder e-mail’s link', () => {
  /** Opens the page as the mail's link does (the test router takes the query on a navigation). */
  async function open(token: string) {
    const { router } = renderApp(<ConfirmAvailability />, { path: '/confirm-availability' });
    if (token) await act(() => router.navigate(`/confirm-availability?token=${token}&lang=fr`));
  }

  it('sends the token once, without a session, and says the listing stays visible', async () => {
    const { calls } = mockFetch(() => ({
      body: { message: MESSAGES.freshness.confirmed, data: { propertyId: 'p1', title: 'Studio Molyko', availabilityConfirmedAt: new Date().toISOString() } },
    }));
    await open('tok-123');
    expect(await screen.findByText(MESSAGES.freshness.confirmed)).toBeInTheDocument();
    expect(screen.getByText('Listing: Studio Molyko')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/property/confirm-availability')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: 'tok-123' } }),
    ]);
    expect(screen.getByRole('link', { name: 'Go to My Listings' }).getAttribute('href')).toBe('/my-listings');
  });

  it('a used or expired link: the server’s reason, in French for a French reader', async () => {
    await i18n.changeLanguage('fr');
    mockFetch(() => ({ status: 410, body: { message: MESSAGES_FR.freshness.linkUsed } }));
    await open('tok-used');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nous n’avons pas pu confirmer cette annonce');
    expect(alert.textContent).toContain(MESSAGES_FR.freshness.linkUsed);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmer la disponibilité');
  });

  it('a link without its token sends nothing and says so', async () => {
    const { calls } = mockFetch(() => ({ body: {} }));
    await open('');
    expect((await screen.findByRole('alert')).textContent).toContain('This confirmation link is incomplete.');
    expect(calls.filter((c) => c.path === '/api/property/confirm-availability')).toEqual([]);
  });
});

import { MESSAGES } from '@mboa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fr } from '../i18n/fr.js';
import PropertyDetails from '../pages/PropertyDetails.js';
import { i18n, mockFetch, property, renderApp, user } from '../test/utils.js';
import { swipeDirection } from './Gallery.js';

const at = { path: '/property-details/p1', route: '/property-details/:id' };

describe('property details', () => {
  it('shows the property with badge, price, specifications, description fallback and amenities', async () => {
    const { calls } = mockFetch(() => ({ body: property({ description: '', status: 'rented' }) }));
    const { container } = renderApp(<PropertyDetails />, at);
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio near UB junction' })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/properties/p1');
    expect(container.querySelector('.badge')?.getAttribute('data-color')).toBe('yellow');
    // Once under the title for phones, once in the contact card for large screens: the stylesheet shows one.
    expect(screen.getAllByText('35,000 FCFA/month').map((price) => price.className)).toEqual(['details-price details-price-phone', 'details-price details-price-desktop']);
    expect(screen.getByText(MESSAGES.property.noDescription)).toBeInTheDocument();
    expect(screen.getByText('5 mins')).toBeInTheDocument();
    expect(screen.getByText('20 m²')).toBeInTheDocument();
    expect(screen.getByText('Water')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.ui.messageLandlord })).toBeInTheDocument();
  });

  it('says "Property not found" on 404', async () => {
    mockFetch(() => ({ status: 404, body: { message: MESSAGES.property.notFound } }));
    renderApp(<PropertyDetails />, at);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.property.notFound);
  });

  it('shares on WhatsApp, Telegram and Facebook with the property link', async () => {
    mockFetch(() => ({ body: property() }));
    renderApp(<PropertyDetails />, at);
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this property' });
    const link = encodeURIComponent('http://localhost:3000/property-details/p1');
    expect(within(dialog).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(encodeURIComponent('http://localhost:3000/property-details/p1'));
    expect(within(dialog).getByRole('link', { name: 'Telegram' }).getAttribute('href')).toContain(`url=${link}`);
    expect(within(dialog).getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${link}`);
    expect(within(dialog).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });

  it('signed out: Message Landlord remembers the page and goes to login', async () => {
    mockFetch(() => ({ body: property() }));
    const { router } = renderApp(<PropertyDetails />, at);
    fireEvent.click(await screen.findByRole('link', { name: MESSAGES.ui.messageLandlord }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('mboa.redirect')).toBe('/property-details/p1');
    sessionStorage.clear();
  });

  it('signed in: notice, then Proceed records the booking and opens WhatsApp with the greeting', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const { calls } = mockFetch(({ path }) =>
      path === '/api/property/bookings' ? { status: 201, body: { message: 'ok' } } : { body: property() },
    );
    renderApp(<PropertyDetails />, { ...at, signedIn: user() });
    fireEvent.click(await screen.findByRole('link', { name: MESSAGES.ui.messageLandlord }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.ui.proceedToMessage }));
    await waitFor(() => expect(tab.location.href).not.toBe(''));
    expect(calls.find((c) => c.path === '/api/property/bookings')?.body).toEqual({
      To: { user: 'owner1', name: 'Paul Owner', whatsapp: '677000002' },
      propertyId: 'p1',
    });
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe(
      `https://wa.me/237677000002?text=${encodeURIComponent(MESSAGES.whatsapp.greeting('Studio near UB junction'))}`,
    );
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the booking error in the dialog and closes the blank tab', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    mockFetch(({ path }) => (path === '/api/property/bookings' ? { status: 400, body: {} } : { body: property() }));
    renderApp(<PropertyDetails />, { ...at, signedIn: user() });
    fireEvent.click(await screen.findByRole('link', { name: MESSAGES.ui.messageLandlord }));
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.ui.proceedToMessage }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.booking.failed);
    expect(tab.close).toHaveBeenCalled();
  });

  it('switches to French in place: French price formatting and headings, no second fetch', async () => {
    const { calls } = mockFetch(() => ({ body: property({ price: 75000 }) }));
    const { container } = renderApp(<PropertyDetails />, at);
    await screen.findByRole('heading', { level: 1, name: 'Studio near UB junction' });
    expect(container.querySelector('.details-price')?.textContent).toContain('75,000 FCFA');
    try {
      await act(() => i18n.changeLanguage('fr'));
      // French groups thousands with a narrow no-break space (U+202F), as format.price gives.
      expect(container.querySelector('.details-price')?.textContent).toContain('75\u202f000 FCFA');
      expect(screen.getByRole('heading', { level: 2, name: fr.details.specifications })).toBeInTheDocument();
      // The country the owner typed reads in French too when we know it.
      expect(screen.getAllByText(/Cameroun/).length).toBeGreaterThan(0);
      expect(screen.queryAllByText(/Cameroon/)).toHaveLength(0);
      expect(calls).toHaveLength(1);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('swipes only beyond 10 px', () => {
    expect(swipeDirection(100, 95)).toBe(0);
    expect(swipeDirection(100, 90)).toBe(0);
    expect(swipeDirection(100, 89)).toBe(1);
    expect(swipeDirection(100, 111)).toBe(-1);
  });
});

import { MESSAGES } from '@mboa/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, property, renderApp, user } from '../test/utils.js';
import Home, { forgetHomeSnapshot } from './Home.js';
import MyListings from './MyListings.js';
import PropertyDetails from './PropertyDetails.js';

beforeEach(() => forgetHomeSnapshot());

describe('what the pages read', () => {
  it('a property page asks again after a dropped connection instead of saying "not found"', async () => {
    let attempts = 0;
    const { calls } = mockFetch(() => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return { body: property() };
    });
    renderApp(<PropertyDetails />, { path: '/property-details/p1', route: '/property-details/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio near UB junction' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.property.notFound)).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('a 404 is not asked again', async () => {
    const { calls } = mockFetch(() => ({ status: 404, body: { message: MESSAGES.property.notFound } }));
    renderApp(<PropertyDetails />, { path: '/property-details/p1', route: '/property-details/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.property.notFound);
    expect(calls).toHaveLength(1);
  });

  it('the home list is read again after the owner marks a listing rented in My Listings', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    let rented = false;
    const { calls } = mockFetch(({ path, body }) => {
      if (path === '/api/properties/search') {
        const list = rented ? [] : [property({ id: 'a', title: 'Flat A' })];
        return { body: { properties: list, total: list.length, page: 1, totalPages: list.length ? 1 : 0 } };
      }
      const b = body as { action: string };
      if (b.action === 'update') {
        rented = true;
        return { body: { message: 'ok', data: property({ id: 'a', title: 'Flat A', status: 'rented' }) } };
      }
      return { body: { data: [property({ id: 'a', title: 'Flat A' })], meta: { total: 1, page: 1, totalPages: 1 } } };
    });
    const { router } = renderApp(<Home />, {
      path: '/',
      signedIn: user({ role: 'landlord', isVerified: true }),
      extraRoutes: [{ path: '/my-listings', element: <MyListings /> }],
    });
    expect(await screen.findByText('1 property found')).toBeInTheDocument();
    await act(() => router.navigate('/my-listings'));
    const card = (await screen.findByText('Flat A')).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Mark as Rented' }));
    expect(await screen.findByText(MESSAGES.toast.propertyStatusUpdated('rented'))).toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(await screen.findByText('0 properties found')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/properties/search')).toHaveLength(2);
  });
});

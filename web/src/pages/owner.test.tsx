import { MESSAGES } from '@mboa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, mockFetch, property, renderApp, user } from '../test/utils.js';
import MyListings, { ownerActions } from './MyListings.js';
import Profile from './Profile.js';

describe('my listings', () => {
  it('offers the owner transitions per status', () => {
    expect(ownerActions('available', i18n.t).map((a) => a.label)).toEqual(['Mark as Rented', 'Deactivate']);
    expect(ownerActions('rented', i18n.t).map((a) => a.label)).toEqual(['Mark as Available', 'Deactivate']);
    expect(ownerActions('deactivated', i18n.t).map((a) => a.label)).toEqual(['Activate']);
  });

  it('fetches page 1 with 5 per page, changes a status and deletes with the catalog toasts', async () => {
    const items = [property({ id: 'a', title: 'Flat A' }), property({ id: 'b', title: 'Flat B', status: 'rented' })];
    const { calls: all } = mockFetch(({ body }) => {
      const b = body as { action: string; payload: { id?: string; data?: { status: string } } } | undefined;
      if (!b) return undefined; // the insights (insights.test.tsx)
      if (b.action === 'fetch') return { body: { data: items, meta: { total: 7, page: 1, totalPages: 2 } } };
      if (b.action === 'update') return { body: { message: 'ok', data: { ...items[0], status: b.payload.data!.status } } };
      if (b.action === 'delete') return { status: 500, body: { message: 'nope' } };
      return undefined;
    });
    const calls = { at: (i: number) => all.filter((c) => c.path === '/api/property/my-listings').at(i) };
    renderApp(<MyListings />, { path: '/my-listings', signedIn: user({ role: 'landlord', isVerified: true }) });
    expect(await screen.findByText('Flat A')).toBeInTheDocument();
    expect(calls.at(0)).toMatchObject({ path: '/api/property/my-listings', body: { action: 'fetch', payload: { page: 1, limit: 5 } } });
    expect(screen.getByText('Showing 1 to 5 of 7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Add New Property/ }).getAttribute('href')).toBe('/post-property');

    const cardA = screen.getByText('Flat A').closest('li')!;
    fireEvent.click(within(cardA).getByRole('button', { name: 'Mark as Rented' }));
    expect(await screen.findByText(MESSAGES.toast.propertyStatusUpdated('rented'))).toBeInTheDocument();
    expect(calls.at(1)?.body).toEqual({ action: 'update', payload: { id: 'a', data: { status: 'rented' } } });

    fireEvent.click(within(screen.getByText('Flat B').closest('li')!).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.toast.propertyDeletionFailed)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rented' } });
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ action: 'fetch', payload: { page: 1, limit: 5, status: 'rented' } }));
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '20' } });
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ action: 'fetch', payload: { page: 1, limit: 20, status: 'rented' } }));
  });

  it('reads the list again after a delete, so the row is gone', async () => {
    let items = [property({ id: 'a', title: 'Flat A' }), property({ id: 'b', title: 'Flat B' })];
    const { calls } = mockFetch(({ body }) => {
      const b = body as { action: string; payload: { id?: string } } | undefined;
      if (!b) return undefined; // the insights (insights.test.tsx)
      if (b.action === 'delete') {
        items = items.filter((p) => p.id !== b.payload.id);
        return { body: { message: 'ok' } };
      }
      return { body: { data: items, meta: { total: items.length, page: 1, totalPages: 1 } } };
    });
    renderApp(<MyListings />, { path: '/my-listings', signedIn: user({ role: 'landlord', isVerified: true }) });
    fireEvent.click(within((await screen.findByText('Flat A')).closest('li')!).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.toast.propertyDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Flat A')).toBeNull());
    expect(screen.getByText('Flat B')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { action: string }).action)).toEqual(['fetch', 'delete', 'fetch']);
  });

  it('shows the empty text when the fetch fails', async () => {
    mockFetch(() => ({ status: 500, body: {} }));
    renderApp(<MyListings />, { path: '/my-listings', signedIn: user({ role: 'landlord' }) });
    expect(await screen.findByText(MESSAGES.property.noPropertiesMatching)).toBeInTheDocument();
  });
});

describe('profile', () => {
  it('shows Total Properties for owners and logs out from the profile card', async () => {
    const { calls, spy } = mockFetch(({ path }) =>
      path === '/api/user/me'
        ? { body: { profile: user({ role: 'caretaker', name: 'Paul Owner' }), totalProperties: 4 } }
        : { body: { message: 'ok' } },
    );
    const { router } = renderApp(<Profile />, { path: '/profile', signedIn: user({ role: 'caretaker' }) });
    expect(await screen.findByText('Paul Owner')).toBeInTheDocument();
    expect(screen.getByTestId('total-properties').textContent).toBe('4');
    // In sight, not behind a disclosure.
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Not necessarily the last call: the sessions list on the same page may still be loading.
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/auth/logout' }));
    expect(spy).toHaveBeenCalled();
  });

  it('hides Total Properties for renters; shows the failure text', async () => {
    let fail = false;
    mockFetch(() => (fail ? { status: 500, body: {} } : { body: { profile: user(), totalProperties: 0 } }));
    const { unmount } = renderApp(<Profile />, { path: '/profile', signedIn: user() });
    await screen.findByText('Ada Nkem Fon');
    expect(screen.queryByTestId('total-properties')).toBeNull();
    unmount();
    fail = true;
    renderApp(<Profile />, { path: '/profile', signedIn: user() });
    expect(await screen.findByText(MESSAGES.auth.loadProfileFailed)).toBeInTheDocument();
  });

  it('goes to login on 401', async () => {
    mockFetch(() => ({ status: 401, body: { message: 'x' } }));
    const { router } = renderApp(<Profile />, { path: '/profile', signedIn: user() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

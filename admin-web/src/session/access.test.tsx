import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, user } from '../test/utils.js';
import { AccessProvider, loginUrl } from './access.js';
import { AdminGate } from './AdminGate.js';

function renderGate(onSignedOut = vi.fn()) {
  render(
    <AccessProvider>
      <AdminGate onSignedOut={onSignedOut}>
        <p>admin content</p>
      </AdminGate>
    </AccessProvider>,
  );
  return onSignedOut;
}

describe('admin access', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows a spinner while the session loads', () => {
    mockFetch(() => new Promise(() => {}));
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('admin content')).toBeNull();
  });

  it('sends a signed-out visitor to the public login, asking to come back to the page', async () => {
    window.history.replaceState(null, '', '/admin/users?filter=banned');
    const { calls } = mockFetch(() => ({ status: 401, body: { message: 'Please log in to continue.' } }));
    const onSignedOut = renderGate();
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledWith('/login?redirect=%2Fadmin%2Fusers%3Ffilter%3Dbanned'));
    expect(calls[0]!.path).toBe('/api/me');
    expect(screen.queryByText('admin content')).toBeNull();
  });

  it('shows a signed-in renter a not-authorised page, never the admin pages', async () => {
    mockFetch(() => ({ body: { user: user({ role: 'renter', name: 'Rita Renter' }) } }));
    const onSignedOut = renderGate();
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeInTheDocument();
    expect(screen.getByText(/signed in as Rita Renter/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the public site' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('admin content')).toBeNull();
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('lets an admin in', async () => {
    mockFetch(() => ({ body: { user: user({ role: 'admin' }) } }));
    renderGate();
    expect(await screen.findByText('admin content')).toBeInTheDocument();
  });

  it('only ever asks to come back to an admin path', () => {
    expect(loginUrl('/admin/property-review/p1')).toBe('/login?redirect=%2Fadmin%2Fproperty-review%2Fp1');
    expect(loginUrl('/elsewhere')).toBe('/login?redirect=%2Fadmin%2F');
  });
});

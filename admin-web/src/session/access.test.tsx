import { createQueryClient } from '@mboa/web-core';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, user } from '../test/utils.js';
import { AccessProvider, loginUrl } from './access.js';
import { AdminGate } from './AdminGate.js';

function renderGate(onSignedOut = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AccessProvider>
        <AdminGate onSignedOut={onSignedOut}>
          <p>admin content</p>
        </AdminGate>
      </AccessProvider>
    </QueryClientProvider>,
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
    expect(calls[0].path).toBe('/api/me');
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

  it('tries the lookup again after a dropped connection instead of sending an admin to log in', async () => {
    let attempts = 0;
    const { calls } = mockFetch(() => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return { body: { user: user({ role: 'admin' }) } };
    });
    const onSignedOut = renderGate();
    expect(await screen.findByText('admin content', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(calls).toHaveLength(2);
  });

  it('only ever asks to come back to an admin path', () => {
    expect(loginUrl('/admin/property-review/p1')).toBe('/login?redirect=%2Fadmin%2Fproperty-review%2Fp1');
    expect(loginUrl('/elsewhere')).toBe('/login?redirect=%2Fadmin%2F');
  });
});

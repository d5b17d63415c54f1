import { createQueryClient } from '@mboa/web-core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

  it('asks a staff member without an authenticator app to set one up first, then shows the recovery codes once', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const { calls } = mockFetch((call) => {
      if (call.path === '/api/me') return { body: { user: user({ role: 'admin' }), secondFactor: 'enrolment-required' } };
      if (call.path === '/api/auth/second-factor/enrolment') {
        return { body: { secret, uri: `otpauth://totp/Mboa%20Rentals:a%40b.cm?secret=${secret}`, issuer: 'Mboa Rentals', account: 'a@b.cm', digits: 6, periodSeconds: 30 } };
      }
      if (call.path === '/api/auth/second-factor/enrolment/confirm') {
        return call.body.code === '123456'
          ? { body: { message: 'ok', recoveryCodes: ['AAAA-BBBB-CCCC', 'DDDD-EEEE-FFFF'] } }
          : { status: 400, body: { message: 'That code is not right, or it was already used. Wait for the next code and try again.' } };
      }
      return { status: 404, body: { message: 'unexpected' } };
    });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('second-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('link', { name: 'Open in the authenticator app' }).getAttribute('href')).toMatch(/^otpauth:\/\/totp\//);
    expect(screen.getByRole('img', { name: 'QR code of the authenticator key' }).querySelector('path')?.getAttribute('d')).toBeTruthy();
    expect(screen.queryByText('admin content')).toBeNull();

    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Your recovery codes' })).toBeInTheDocument();
    expect(screen.getByText('DDDD-EEEE-FFFF')).toBeInTheDocument();
    expect(screen.queryByText('admin content')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have kept them, continue' }));
    expect(await screen.findByText('admin content')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/second-factor/enrolment/confirm')).toHaveLength(2);
  });

  it('asks an enrolled staff member for the code of this session before the admin pages', async () => {
    mockFetch((call) => {
      if (call.path === '/api/me') return { body: { user: user({ role: 'admin' }), secondFactor: 'required' } };
      if (call.path === '/api/auth/second-factor/check') return { body: { message: 'Code accepted.', usedRecoveryCode: false } };
      return { status: 404, body: { message: 'unexpected' } };
    });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.queryByText('admin content')).toBeNull();
    fireEvent.change(screen.getByLabelText('Code from the app, or a recovery code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('admin content')).toBeInTheDocument();
  });

  it('only ever asks to come back to an admin path', () => {
    expect(loginUrl('/admin/property-review/p1')).toBe('/login?redirect=%2Fadmin%2Fproperty-review%2Fp1');
    expect(loginUrl('/elsewhere')).toBe('/login?redirect=%2Fadmin%2F');
  });
});

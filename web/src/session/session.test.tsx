import { createQueryClient } from '@mboa/web-core';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SESSION_MARK_COOKIE } from '@mboa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../shell/RequireAuth.js';
import { mockFetch, user } from '../test/utils.js';
import { SessionProvider } from './session.js';

function openProfile() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { Component: RequireAuth, children: [{ path: '/profile', element: <p>profile page</p> }] },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => sessionStorage.clear());

describe('the current-user lookup', () => {
  it('is tried again after a dropped connection, so a signed-in person is not sent to log in', async () => {
    let attempts = 0;
    const { calls } = mockFetch(({ path }) => {
      if (path !== '/api/me') return undefined;
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return { body: { user: user() } };
    });
    const router = openProfile();
    expect(await screen.findByText('profile page', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(calls.filter((c) => c.path === '/api/me')).toHaveLength(2);
  });

  it('is not repeated after an answer: a 401 signs the visitor out at once', async () => {
    const { calls } = mockFetch(() => ({ status: 401, body: { message: 'Please log in to continue.' } }));
    openProfile();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/me')).toHaveLength(1);
  });
});

describe('what the service worker kept for an account (a shared phone)', () => {
  /** The Cache Storage of a phone where an account's answers were kept (or not), recording each step. */
  function phone(keptForAnAccount: boolean) {
    const steps: string[] = [];
    vi.stubGlobal('caches', {
      has: (name: string) => Promise.resolve(keptForAnAccount && name === 'mboa-account'),
      delete: (name: string) => (steps.push(`drop ${name}`), Promise.resolve(true)),
    });
    return steps;
  }
  const askMe = (steps: string[], reply: { status?: number; body: unknown }) =>
    mockFetch(({ path }) => (steps.push(`ask ${path}`), path === '/api/me' ? reply : undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = `${SESSION_MARK_COOKIE}=; max-age=0; path=/`;
  });

  it('is dropped at start-up, before anyone is asked for, when the browser holds no session (closed, expired)', async () => {
    const steps = phone(true);
    askMe(steps, { status: 401, body: { message: 'Please log in to continue.' } });
    openProfile();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(steps.slice(0, 4)).toEqual(['drop mboa-details', 'drop mboa-favourites', 'drop mboa-account', 'ask /api/me']);
  });

  it('stays while the browser holds a session (its mark), for reading offline', async () => {
    document.cookie = `${SESSION_MARK_COOKIE}=a1b2c3; path=/`;
    const steps = phone(true);
    askMe(steps, { body: { user: user() } });
    openProfile();
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(steps).toEqual(['ask /api/me']);
  });

  it('is dropped when the server says the session is over (401: idle timeout, logout elsewhere, ban, reset)', async () => {
    document.cookie = `${SESSION_MARK_COOKIE}=a1b2c3; path=/`;
    const steps = phone(true);
    askMe(steps, { status: 401, body: { message: 'Please log in to continue.' } });
    openProfile();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await vi.waitFor(() => expect(steps).toEqual(['ask /api/me', 'drop mboa-details', 'drop mboa-favourites', 'drop mboa-account']));
  });

  it('leaves a visitor who never signed in the listings kept for offline', async () => {
    const steps = phone(false);
    askMe(steps, { status: 401, body: { message: 'Please log in to continue.' } });
    openProfile();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps).toEqual(['ask /api/me']);
  });
});

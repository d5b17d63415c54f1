import { createQueryClient } from '@mboa/web-core';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
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

import { MESSAGES } from '@mboa/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@mboa/web-core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import Contact from '../pages/Contact.js';
import { SessionProvider, useSession } from '../session/session.js';
import { i18n, mockFetch, renderApp, user, type Reply } from '../test/utils.js';
import { Layout } from './Layout.js';
import { navFor } from './Nav.js';
import { RequestModal } from './RequestModal.js';
import { RequireAuth } from './RequireAuth.js';

/** The session reads the current user through the data layer, as in main.tsx: one cache per render. */
function WithCache({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('top navigation per role', () => {
  const labels = (u: Parameters<typeof navFor>[0]) => navFor(u, i18n.t).links.map((l) => l.label);
  it('anonymous: Home, Favourites, Post property', () => expect(labels(null)).toEqual(['Home', 'Favourites', 'Post property']));
  it('renter: Home and Favourites', () => expect(labels(user({ role: 'renter' }))).toEqual(['Home', 'Favourites']));
  it('landlord and caretaker: Post property and My Listings', () => {
    expect(labels(user({ role: 'landlord' }))).toEqual(['Home', 'Favourites', 'Post property', 'My Listings']);
    expect(labels(user({ role: 'caretaker' }))).toEqual(['Home', 'Favourites', 'Post property', 'My Listings']);
  });
  it('admin: Admin Dashboard, no Post property', () => expect(labels(user({ role: 'admin' }))).toEqual(['Home', 'Favourites', 'Admin Dashboard']));
  it('Support and Resources menus', () => {
    expect(navFor(null, i18n.t).menus.map((m) => [m.label, m.items.map((i) => i.label)])).toEqual([
      ['Support', ['FAQ', 'Contact', 'Help Center']],
      ['Resources', ['Terms of Service', 'Privacy Policy', 'About']],
    ]);
  });

  it('shows Login / Sign Up when signed out and the avatar with the first two words of the name when signed in', async () => {
    mockFetch(() => undefined);
    const router = createMemoryRouter([{ path: '/', Component: Layout, children: [{ index: true, element: <p>x</p> }] }]);
    const { unmount } = render(
      <SessionProvider initialUser={null}>
        <RouterProvider router={router} />
      </SessionProvider>,
      { wrapper: WithCache },
    );
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Sign Up' }).length).toBeGreaterThan(0);
    unmount();
    render(
      <SessionProvider initialUser={user({ name: 'Ada Nkem Fon' })}>
        <RouterProvider router={createMemoryRouter([{ path: '/', Component: Layout }])} />
      </SessionProvider>,
      { wrapper: WithCache },
    );
    // Named by the name it shows, then what it leads to (WCAG 2.5.3, label in name).
    const avatar = screen.getByRole('link', { name: 'Ada Nkem, your profile' });
    expect(avatar.getAttribute('href')).toBe('/profile');
    expect(avatar.textContent).toBe('AAda Nkem, your profile');
    // Mobile full-screen menu.
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'FAQ' })).toBeInTheDocument();
  });
  it('closes the mobile menu and a drop-down menu when one of their links is followed', async () => {
    mockFetch(() => undefined);
    const router = createMemoryRouter([{ path: '/', Component: Layout, children: [{ index: true, element: <p>x</p> }, { path: 'faq', element: <p>faq page</p> }, { path: 'about', element: <p>about page</p> }] }]);
    render(
      <SessionProvider initialUser={null}>
        <RouterProvider router={router} />
      </SessionProvider>,
      { wrapper: WithCache },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByText('faq page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Resources/ }));
    await userEvent.click(within(document.querySelector<HTMLElement>('.dropdown-menu')!).getByRole('link', { name: 'About' }));
    expect(await screen.findByText('about page')).toBeInTheDocument();
    expect(document.querySelector('.dropdown-menu')).toBeNull();
  });
});

describe('Log out, where people look for it', () => {
  it('sits beside the name in the bar and first in the phone’s menu; it signs out and opens the login page', async () => {
    const { calls } = mockFetch(({ path }) => (path === '/api/auth/logout' ? { body: { message: MESSAGES.auth.logoutSuccess } } : undefined));
    const { router } = renderApp(<Layout />, { path: '/', signedIn: user({ name: 'Ada Nkem Fon' }) });
    const inBar = within(document.querySelector<HTMLElement>('.nav-account')!).getByRole('button', { name: 'Log out' });
    expect(inBar).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('dialog'));
    expect(menu.getByRole('link', { name: 'Ada Nkem, your profile' })).toBeInTheDocument();
    await userEvent.click(menu.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((c) => c.path === '/api/auth/logout')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('says so when the logout cannot reach the server (offline): the person is still signed in', async () => {
    mockFetch(({ path }) => {
      if (path === '/api/auth/logout') throw new TypeError('Failed to fetch');
      return undefined;
    });
    const { router } = renderApp(<Layout />, { path: '/', signedIn: user() });
    await userEvent.click(within(document.querySelector<HTMLElement>('.nav-account')!).getByRole('button', { name: 'Log out' }));
    // Sent again under its Idempotency-Key after 1, 2 and 4 s before the app gives up (docs/api.md#idempotency-key).
    expect(await screen.findByText(i18n.t('profile.logoutFailed'), undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getAllByRole('button', { name: 'Log out' }).length).toBeGreaterThan(0);
  });
});

describe('session guard', () => {
  function Logout() {
    const { logout } = useSession();
    return (
      <button type="button" onClick={() => void logout()}>
        out
      </button>
    );
  }
  const routes = [
    { path: '/login', element: <p>login page</p> },
    { Component: RequireAuth, children: [{ path: '/profile', element: <Logout /> }, { path: '/my-listings', element: <p>mine</p> }] },
  ];

  it('shows a spinner while loading, then sends a signed-out visitor to /login (replace) remembering the path', async () => {
    let answer: (v: Reply) => void = () => {};
    mockFetch(() => new Promise<Reply>((resolve) => (answer = resolve)));
    const router = createMemoryRouter(routes, { initialEntries: ['/my-listings'] });
    render(
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>,
      { wrapper: WithCache },
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => answer({ status: 401, body: { message: 'Please log in to continue.' } }));
    await screen.findByText('login page');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sessionStorage.getItem('mboa.redirect')).toBe('/my-listings');
    sessionStorage.clear();
  });

  it('does not remember the page after a logout', async () => {
    mockFetch(({ path }) => (path === '/api/auth/logout' ? { body: { message: MESSAGES.auth.logoutSuccess } } : undefined));
    const router = createMemoryRouter(routes, { initialEntries: ['/profile'] });
    render(
      <SessionProvider initialUser={user()}>
        <RouterProvider router={router} />
      </SessionProvider>,
      { wrapper: WithCache },
    );
    fireEvent.click(screen.getByRole('button', { name: 'out' }));
    await screen.findByText('login page');
    expect(sessionStorage.getItem('mboa.redirect')).toBeNull();
  });
});

describe('property request modal', () => {
  it('validates, sends, clears on success and reports failure', async () => {
    const u = userEvent.setup();
    let status = 201;
    const { calls } = mockFetch(() => ({ status, body: { message: 'ok' } }));
    render(<RequestModal open onClose={() => {}} />);
    const send = () => u.click(screen.getByRole('button', { name: 'Send Request' }));
    await u.type(screen.getByLabelText('What are you looking for?'), '   ');
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.request.textRequired);
    await u.type(screen.getByLabelText('What are you looking for?'), 'Shop in Limbe');
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.request.whatsappRequired);
    await u.type(screen.getByLabelText('Your WhatsApp number'), 'call me');
    await send();
    expect(await screen.findByText(MESSAGES.request.success)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ path: '/api/properties/request-space', body: { requestText: 'Shop in Limbe', whatsapp: 'call me' } });
    expect(screen.getByLabelText('What are you looking for?')).toHaveValue('');
    expect(screen.getByLabelText('Your WhatsApp number')).toHaveValue('');

    status = 500;
    await u.type(screen.getByLabelText('What are you looking for?'), 'x');
    await u.type(screen.getByLabelText('Your WhatsApp number'), '6');
    await send();
    expect(await screen.findByText(MESSAGES.request.failure)).toBeInTheDocument();
  });
});

describe('contact page', () => {
  it('is prefilled for a signed-in user, validates and sends', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(() => ({ status: 201, body: { message: 'ok' } }));
    renderApp(<Contact />, { path: '/contact', signedIn: user({ name: 'Ada', email: 'ada@example.cm', whatsapp: '674000001' }) });
    expect(screen.getByLabelText(/Name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.cm');
    expect(screen.getByLabelText(/Phone/)).toHaveValue('674000001');
    expect(screen.getByText('Half Mile, Limbe')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.contact.subjectRequired);
    await u.clear(screen.getByLabelText(/^Email/));
    await u.type(screen.getByLabelText(/^Email/), 'nope');
    await u.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.contact.invalidEmail);
    await u.clear(screen.getByLabelText(/^Email/));
    await u.type(screen.getByLabelText(/^Email/), 'ada@example.cm');
    await u.type(screen.getByLabelText(/Subject/), 'Listing question');
    await u.type(screen.getByLabelText(/Message/), 'Hello');
    await u.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MESSAGES.contact.success)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/api/properties/support',
      body: { name: 'Ada', email: 'ada@example.cm', phone: '674000001', subject: 'Listing question', message: 'Hello' },
    });
    // Quick link opens the global request modal.
    await u.click(screen.getByRole('button', { name: 'Request Property' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: MESSAGES.ui.requestProperty })).toBeInTheDocument());
  });

  it('fills in the signed-in person when the session arrives after the page opened, keeping what was typed', async () => {
    let answer: (v: Reply) => void = () => {};
    mockFetch(({ path }) => (path === '/api/me' ? new Promise<Reply>((resolve) => (answer = resolve)) : undefined));
    const router = createMemoryRouter([{ path: '/contact', element: <Contact /> }], { initialEntries: ['/contact'] });
    render(
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>,
      { wrapper: WithCache },
    );
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Listing question' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'other@example.cm' } });
    await act(async () => answer({ body: { user: user({ name: 'Ada', email: 'ada@example.cm', whatsapp: '674000001' }) } }));
    await waitFor(() => expect(screen.getByLabelText(/Name/)).toHaveValue('Ada'));
    expect(screen.getByLabelText(/Phone/)).toHaveValue('674000001');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('other@example.cm');
    expect(screen.getByLabelText(/Subject/)).toHaveValue('Listing question');
  });

  it('asks for the name first when signed out', async () => {
    mockFetch(() => ({ status: 500, body: {} }));
    renderApp(<Contact />, { path: '/contact' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.contact.nameRequired);
  });
});

import type { ActiveSession } from '@mboa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, mockFetch, renderApp, user } from '../test/utils.js';
import SessionsSection from './SessionsSection.js';

const session = (over: Partial<ActiveSession>): ActiveSession => ({
  id: 'x'.repeat(43),
  browser: 'Chrome',
  os: 'Android',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSeenAt: '2026-11-27T09:30:00.000Z',
  expiresAt: '2026-12-20T08:00:00.000Z',
  rememberMe: true,
  current: false,
  ...over,
});
const HERE = session({ id: 'h'.repeat(43), browser: 'Firefox', os: 'Windows', rememberMe: false, current: true });
const PHONE = session({ id: 'p'.repeat(43) });
const CAFE = session({ id: 'c'.repeat(43), browser: null, os: null, lastSeenAt: '2026-11-25T17:00:00.000Z' });

/** The server side of the profile's sessions: a list that the calls change. */
function serve(initial: ActiveSession[]) {
  let sessions = initial;
  return mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/api/me/sessions') return { body: { sessions } };
    if (method === 'DELETE' && path.startsWith('/api/me/sessions/')) {
      const id = path.split('/').at(-1);
      if (!sessions.some((s) => s.id === id)) return { status: 404, body: { message: 'Session not found. It may have ended already.' } };
      sessions = sessions.filter((s) => s.id !== id);
      return { body: { message: 'Signed out on that device' } };
    }
    if (method === 'POST' && path === '/api/me/sessions/end-others') {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return { body: { message: 'Signed out everywhere else', ended } };
    }
    return undefined;
  });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('where you are signed in (profile)', () => {
  it('lists each device, this one marked and without a Sign out; signing the phone out removes it', async () => {
    const { calls } = serve([HERE, PHONE, CAFE]);
    renderApp(<SessionsSection />, { path: '/profile', signedIn: user() });
    const list = await screen.findByRole('list', { name: 'Where you are signed in' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0].textContent).toContain('Firefox on Windows');
    expect(rows[0].textContent).toContain('This device');
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(rows[1].textContent).toContain('Chrome on Android');
    expect(rows[2].textContent).toContain('Unknown device');

    fireEvent.click(within(rows[1]).getByRole('button', { name: /^Sign out Chrome on Android/ }));
    expect(await screen.findByText('Signed out on Chrome on Android.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Where you are signed in' })).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: `/api/me/sessions/${PHONE.id}` });
  });

  it('"Sign out everywhere else" leaves only this device, then is gone', async () => {
    const { calls } = serve([HERE, PHONE, CAFE]);
    renderApp(<SessionsSection />, { path: '/profile', signedIn: user() });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out everywhere else.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Where you are signed in' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/me/sessions/end-others']);
  });

  it('a session already ended elsewhere just leaves the list; a failure says so', async () => {
    let down = false;
    const { spy } = serve([HERE, PHONE]);
    const served = spy.getMockImplementation()!;
    spy.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      down && init?.method === 'DELETE' ? new Response(JSON.stringify({ message: 'x' }), { status: 503 }) : served(input, init),
    );
    renderApp(<SessionsSection />, { path: '/profile', signedIn: user() });
    down = true;
    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Chrome on Android/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign that device out. Please try again.');
  });

  it('speaks French', async () => {
    serve([HERE, session({ id: 'o'.repeat(43), browser: null, os: 'iPhone' })]);
    await i18n.changeLanguage('fr');
    renderApp(<SessionsSection />, { path: '/profile', signedIn: user({ language: 'fr' }) });
    expect(await screen.findByRole('heading', { name: 'Où vous êtes connecté' })).toBeInTheDocument();
    expect(await screen.findByText('Firefox sur Windows')).toBeInTheDocument();
    expect(screen.getByText('Cet appareil')).toBeInTheDocument();
    expect(screen.getByText('Un navigateur sur iPhone')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Me déconnecter partout ailleurs' })).toBeInTheDocument();
  });
});

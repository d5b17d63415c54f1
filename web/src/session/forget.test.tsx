import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import Profile from '../pages/Profile.js';
import { mockFetch, renderApp, user } from '../test/utils.js';
import { useSession } from './session.js';

/** Signs another person in on the same tab, with the profile page closed meanwhile. */
function Harness() {
  const { setUser } = useSession();
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        toggle
      </button>
      <button type="button" onClick={() => setUser(user({ _id: 'u2', id: 'u2', name: 'Bea Other' }))}>
        switch
      </button>
      {open ? <Profile /> : null}
    </>
  );
}

/** Signs a person in on a tab opened signed out, then another one. */
function SignIns() {
  const { setUser } = useSession();
  return (
    <>
      <button type="button" onClick={() => setUser(user())}>
        sign in
      </button>
      <button type="button" onClick={() => setUser(user({ _id: 'u2', id: 'u2', name: 'Bea Other' }))}>
        switch
      </button>
    </>
  );
}

describe('the data cache and the session', () => {
  it("drops who was signed in, their favourites, the details and favourite cards the service worker kept once someone signs out or another signs in, not at a first sign-in", async () => {
    const dropped = vi.fn((_name: string) => Promise.resolve(true));
    vi.stubGlobal('caches', { delete: dropped });
    mockFetch(() => undefined);
    renderApp(<SignIns />, { signedIn: null });
    fireEvent.click(screen.getByRole('button', { name: 'sign in' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dropped).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    await vi.waitFor(() => expect(dropped.mock.calls.map(([name]) => name).sort()).toEqual(['mboa-account', 'mboa-details', 'mboa-favourites']));
  });

  it("never shows the last person's profile to the next one signing in on the tab", async () => {
    let answer: Promise<{ body: unknown }> = Promise.resolve({ body: { profile: user(), totalProperties: 0 } });
    mockFetch(() => answer);
    renderApp(<Harness />, { path: '/profile', signedIn: user() });
    expect(await screen.findByText('Ada Nkem Fon')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    // Bea's profile is on its way (never arrives in this test).
    answer = new Promise(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByText('Ada Nkem Fon')).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
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

describe('the data cache and the session', () => {
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

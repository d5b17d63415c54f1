import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { followNavigations, navigationPending } from './pending-navigation.js';

describe('pending navigation', () => {
  it('is known the moment a link is followed, before the new page has loaded, and clears once it has', async () => {
    let loadPage!: () => void;
    const pageLoaded = new Promise<void>((resolve) => (loadPage = resolve));
    const router = createMemoryRouter(
      [
        { path: '/', Component: () => null },
        { path: '/property-details/:id', lazy: async () => { await pageLoaded; return { Component: () => null }; } },
      ],
      { initialEntries: ['/'] },
    );
    const stop = followNavigations(router);
    expect(navigationPending()).toBe(false);

    const navigated = router.navigate('/property-details/p1');
    // No draw has happened: the search address must already know not to replace this navigation.
    expect(navigationPending()).toBe(true);

    loadPage();
    await navigated;
    expect(router.state.location.pathname).toBe('/property-details/p1');
    expect(navigationPending()).toBe(false);
    stop();
    router.dispose();
  });
});

import { createQueryClient, currentMessages } from '@mboa/web-core';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders.js';
import { ready } from './i18n/index.js';
import { readPageState, seedFromPage } from './page-state.js';
import { createRouter, routes } from './router.js';
import { registerServiceWorker } from './offline/register.js';
import { watchConnection } from './offline/connection.js';
import { followNavigations } from './shell/pending-navigation.js';
import { keepFavouritesOffline } from './offline/keep-favourites.js';
import '@mboa/ui/ui.css';
import './styles.css';

const queryClient = createQueryClient();
// Offline, an answer may still come from the service worker's cache: ask anyway (by default
// TanStack Query would wait for the browser to be online before asking at all).
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, networkMode: 'offlineFirst' } });
watchConnection();
keepFavouritesOffline();

const pageState = readPageState();

/**
 * The route modules of this address, loaded before the first draw: a page the server drew is taken
 * over only by the same components (the page preloads their chunks, so this waits on nothing new).
 */
async function loadRoutesOfThisPage(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

// The first screen is drawn in the visit's language, once its texts are here (preloaded with the page).
void Promise.all([ready, pageState ? loadRoutesOfThisPage() : undefined]).then(() => {
  const root = document.getElementById('root')!;
  if (pageState) seedFromPage(queryClient, pageState, hydrate, currentMessages().property.notFound);
  const router = createRouter();
  followNavigations(router);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // The server drew this page (web/src/entry-server.tsx): take it over; otherwise draw it.
  if (pageState) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
// After the page has loaded, when the phone is idle: never before the first screen.
registerServiceWorker();

import { createQueryClient } from '@mboa/web-core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ready } from './i18n/index.js';
import { createRouter } from './router.js';
import { registerServiceWorker } from './offline/register.js';
import { watchConnection } from './offline/connection.js';
import { keepFavouritesOffline } from './offline/keep-favourites.js';
import { ForgetOnUserChange } from './session/ForgetOnUserChange.js';
import { LanguageOnProfile } from './session/LanguageOnProfile.js';
import { SessionProvider } from './session/session.js';
import { RequestModalProvider } from './shell/RequestModal.js';
import { ToastProvider } from './ui/toast.js';
import '@mboa/ui/ui.css';
import './styles.css';

const queryClient = createQueryClient();
// Offline, an answer may still come from the service worker's cache: ask anyway (by default
// TanStack Query would wait for the browser to be online before asking at all).
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, networkMode: 'offlineFirst' } });
watchConnection();
keepFavouritesOffline();

// The first screen is drawn in the visit's language, once its texts are here (preloaded with the page).
void ready.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ForgetOnUserChange />
          <LanguageOnProfile />
          <ToastProvider>
            <RequestModalProvider>
              <RouterProvider router={createRouter()} />
            </RequestModalProvider>
          </ToastProvider>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
// After the page has loaded, when the phone is idle: never before the first screen.
registerServiceWorker();

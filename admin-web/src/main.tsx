import { createQueryClient } from '@mboa/web-core';
import { QueryClientProvider } from '@tanstack/react-query';
import '@mboa/ui/ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ready } from './i18n/index.js';
import { createRouter } from './router.js';
import { AccessProvider, reportAccessLost } from './session/access.js';
import { AdminGate } from './session/AdminGate.js';
import { LanguageOnProfile } from './session/LanguageOnProfile.js';
import { DocumentTitle } from './shell/DocumentTitle.js';
import { Toasts } from './shell/Toasts.js';
import './styles.css';

// A 401 or 403 on any read ends the admin view (session over, or rights withdrawn).
const queryClient = createQueryClient({ onError: reportAccessLost });

// The first screen is drawn in the visit's language, once its texts are here (preloaded with the page).
void ready.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AccessProvider>
          <DocumentTitle />
          <LanguageOnProfile />
          <Toasts>
            <AdminGate>
              <RouterProvider router={createRouter()} />
            </AdminGate>
          </Toasts>
        </AccessProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);

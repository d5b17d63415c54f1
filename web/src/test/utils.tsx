import type { PropertyRead, PublicUser } from '@mboa/contracts';
import { property as propertyOf } from '@mboa/ui/test/fixtures.js';
import { createQueryClient, currentLanguage } from '@mboa/web-core';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { i18n, ready } from '../i18n/index.js';
import { ForgetOnUserChange } from '../session/ForgetOnUserChange.js';
import { LanguageOnProfile } from '../session/LanguageOnProfile.js';
import { SessionProvider } from '../session/session.js';
import { RequestModalProvider } from '../shell/request-modal.js';
import { ToastProvider } from '../ui/toast.js';

export { mockFetch, user, type Call, type Reply } from '@mboa/ui/test/fixtures.js';

/** The app's texts: tests run in English unless one switches (`await i18n.changeLanguage('fr')`). */
export { i18n };
// Rendered screens need their texts loaded first, as main.tsx waits for them.
await ready;
await i18n.changeLanguage('en');

/** What visitors of the public app mostly see: a property that is live. */
export const property = (overrides: Partial<PropertyRead> = {}): PropertyRead => propertyOf({ isVerified: true, ...overrides });

/** Renders `element` at `path` inside every provider the app has, with a given signed-in user. */
export function renderApp(
  element: ReactNode,
  options: { path?: string; route?: string; state?: unknown; signedIn?: PublicUser | null; extraRoutes?: RouteObject[] } = {},
) {
  const path = options.path ?? '/';
  const routes: RouteObject[] = [
    { path: options.route ?? path, element },
    { path: '/login', element: <p>login page</p> },
    { path: '/', element: <p>home page</p> },
    ...(options.extraRoutes ?? []),
  ].filter((r, i, all) => all.findIndex((o) => o.path === r.path) === i);
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, state: options.state }] });
  // The server always says which language a signed-in person reads; the fixture leaves it out, so
  // it is the language of the test (else LanguageOnProfile would PATCH the profile on every render).
  const signedIn = options.signedIn ? { ...options.signedIn, language: options.signedIn.language ?? currentLanguage() } : null;
  // A fresh cache per test, set up as in main.tsx.
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider initialUser={signedIn}>
        <ForgetOnUserChange />
        <LanguageOnProfile />
        <ToastProvider>
          <RequestModalProvider>
            <RouterProvider router={router} />
          </RequestModalProvider>
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

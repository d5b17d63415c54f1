import type { PublicUser } from '@mboa/contracts';
import { createQueryClient } from '@mboa/web-core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { mockFetch as mockFetchOf, user as userOf, type Call as FetchCall, type Reply } from '@mboa/ui/test/fixtures.js';
import { i18n, ready } from '../i18n/index.js';
import { AccessProvider, reportAccessLost, type Access } from '../session/access.js';
import { DocumentTitle } from '../shell/DocumentTitle.js';
import { Layout } from '../shell/Layout.js';
import { Toasts } from '../shell/Toasts.js';

export { property, type Reply } from '@mboa/ui/test/fixtures.js';

/** The app's texts: tests run in English unless one switches (`await i18n.changeLanguage('fr')`). */
export { i18n };
// Rendered screens need their texts loaded first, as main.tsx waits for them.
await ready;
await i18n.changeLanguage('en');

// The JSON a page sent, read by each test at the path it checks (like supertest's `response.body`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Call = FetchCall<any>;
export const mockFetch = (handler: (call: Call) => Reply | Promise<Reply>) => mockFetchOf(handler);

/** The people an admin manages are mostly owners. */
export const user = (overrides: Partial<PublicUser> = {}): PublicUser => userOf({ role: 'landlord', ...overrides });

export const admin = user({ _id: 'admin1', id: 'admin1', name: 'Grace Admin', role: 'admin', isVerified: true });

/**
 * Renders a page at `path` (inside the admin basename) with a signed-in admin and every provider;
 * `inLayout` puts it in the admin shell (navigation, top bar with the language switch).
 */
export function renderPage(
  element: ReactNode,
  options: { path?: string; route?: string; access?: Access; extraRoutes?: RouteObject[]; inLayout?: boolean } = {},
) {
  const path = options.path ?? '/';
  const page: RouteObject = { path: options.route ?? path, element };
  const routes: RouteObject[] = [options.inLayout ? { path: '/', element: <Layout />, children: [page] } : page, ...(options.extraRoutes ?? [])];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // A fresh cache per test, set up as in main.tsx (the profile's language is left alone: no PATCH in the calls a test counts).
  const queryClient = createQueryClient({ onError: reportAccessLost });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AccessProvider initial={options.access ?? { state: 'admin', user: admin }}>
        <DocumentTitle />
        <Toasts>
          <RouterProvider router={router} />
        </Toasts>
      </AccessProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

import type { PropertyRead, PublicUser } from '@mboa/contracts';
import { createQueryClient } from '@mboa/web-core';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ForgetOnUserChange } from '../session/ForgetOnUserChange.js';
import { SessionProvider } from '../session/session.js';
import { RequestModalProvider } from '../shell/RequestModal.js';
import { ToastProvider } from '../ui/toast.js';

/**
 * Component tests replace `fetch` with this stub: a unit test cannot depend on the network or on the
 * server being up. The end-to-end tests (e2e/) exercise the real calls in Chromium.
 */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export type Reply = { status?: number; body?: unknown } | undefined;

export function mockFetch(handler: (call: Call) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const reply = (await handler(call)) ?? { status: 404, body: { message: 'Route not found' } };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return { calls, spy };
}

export function user(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    _id: 'u1',
    id: 'u1',
    name: 'Ada Nkem Fon',
    email: 'ada@example.cm',
    whatsapp: '674000001',
    role: 'renter',
    status: 'active',
    isVerified: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function property(overrides: Partial<PropertyRead> = {}): PropertyRead {
  const id = overrides.id ?? 'p1';
  return {
    _id: id,
    id,
    title: 'Studio near UB junction',
    description: 'Clean studio with water and light.',
    price: 35000,
    paymentTerms: 'monthly',
    paymentTerm: 'monthly',
    town: 'Buea',
    neighbourhood: 'Molyko',
    location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko' },
    category: 'residential',
    propertyType: 'studio',
    caution: 70000,
    status: 'available',
    isVerified: true,
    thumbnail: `/media/${id}-thumb.webp`,
    propertyImages: [{ url: `/media/${id}.webp`, alt: 'Studio', width: 1024, height: 768 }],
    amenities: ['water', 'electricity'],
    specifications: { bedrooms: 1, toilets: 1, kitchens: 1, livingRooms: 0, size: 20, distanceFromRoad: 5, sections: null },
    createdAt: '2026-11-20T00:00:00.000Z',
    author: { _id: 'owner1', name: 'Paul Owner', email: 'paul@example.cm', whatsapp: '677000002' },
    ...overrides,
  };
}

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
  // A fresh cache per test, set up as in main.tsx.
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider initialUser={options.signedIn ?? null}>
        <ForgetOnUserChange />
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

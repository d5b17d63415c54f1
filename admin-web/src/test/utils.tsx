import type { PropertyRead, PublicUser } from '@mboa/contracts';
import { ToastProvider } from '@mboa/ui';
import { createQueryClient } from '@mboa/web-core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AccessProvider, reportAccessLost, type Access } from '../session/access.js';

/**
 * Component tests replace `fetch` with this stub: the network (and a running gateway) cannot be part
 * of a unit test. The end-to-end test (e2e/) drives the real calls in Chromium.
 */
export interface Call {
  method: string;
  path: string;
  // The JSON a page sent, read by each test at the path it checks (like supertest's `response.body`).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}
export type Reply = { status?: number; body?: unknown } | undefined;

export function mockFetch(handler: (call: Call) => Reply | Promise<Reply>) {
  const calls: Call[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const reply = (await handler(call)) ?? { status: 404, body: { message: 'Route not found' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return { calls, spy };
}

export function user(overrides: Partial<PublicUser> = {}): PublicUser {
  const id = overrides._id ?? overrides.id ?? 'u1';
  return {
    _id: id,
    id,
    name: 'Ada Nkem Fon',
    email: 'ada@example.cm',
    whatsapp: '674000001',
    role: 'landlord',
    status: 'active',
    isVerified: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export const admin = user({ _id: 'admin1', id: 'admin1', name: 'Grace Admin', role: 'admin', isVerified: true });

export function property(overrides: Partial<PropertyRead> = {}): PropertyRead {
  const id = overrides._id ?? overrides.id ?? 'p1';
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
    isVerified: false,
    thumbnail: `/media/${id}-thumb.webp`,
    propertyImages: [
      { url: `/media/${id}-1.webp`, alt: 'Front', width: 1024, height: 768 },
      { url: `/media/${id}-2.webp`, alt: 'Room', width: 1024, height: 768 },
    ],
    amenities: ['water', 'electricity'],
    specifications: { bedrooms: 1, toilets: 1, kitchens: 1, livingRooms: 0, size: 20, distanceFromRoad: 5, sections: null },
    createdAt: '2026-11-20T00:00:00.000Z',
    author: { _id: 'owner1', name: 'Paul Owner', email: 'paul@example.cm', whatsapp: '677000002' },
    ...overrides,
  };
}

/** Renders a page at `path` (inside the admin basename) with a signed-in admin and every provider. */
export function renderPage(element: ReactNode, options: { path?: string; route?: string; access?: Access; extraRoutes?: RouteObject[] } = {}) {
  const path = options.path ?? '/';
  const routes: RouteObject[] = [{ path: options.route ?? path, element }, ...(options.extraRoutes ?? [])];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // A fresh cache per test, set up as in main.tsx.
  const queryClient = createQueryClient({ onError: reportAccessLost });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AccessProvider initial={options.access ?? { state: 'admin', user: admin }}>
        <ToastProvider closeLabel="Close">
          <RouterProvider router={router} />
        </ToastProvider>
      </AccessProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

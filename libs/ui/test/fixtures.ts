import type { PropertyRead, PublicUser } from '@mboa/contracts';
import { vi } from 'vitest';

/**
 * Component tests of both apps replace `fetch` with this stub: a unit test cannot depend on the
 * network or on the server being up. The end-to-end tests (e2e/) exercise the real calls in Chromium.
 * `Body` is what a test reads the JSON a page sent as.
 */
export interface Call<Body = unknown> {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Body;
  headers: Headers;
}
export type Reply = { status?: number; body?: unknown } | undefined;

export function mockFetch<Body = unknown>(handler: (call: Call<Body>) => Reply | Promise<Reply>) {
  const calls: Call<Body>[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const call: Call<Body> = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body) as Body,
      headers: new Headers(init?.headers),
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

/** A user as the API returns one; `_id` and `id` follow each other when a test gives only one. */
export function user(overrides: Partial<PublicUser> = {}): PublicUser {
  const id = overrides._id ?? overrides.id ?? 'u1';
  return {
    _id: id,
    id,
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

/** A residential studio as the API returns one, not yet verified, with two photos. */
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
    advanceMonths: 0,
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
    // Nothing checked yet: the plain state a page must say.
    checks: { numberConfirmed: false, identityChecked: false, control: null },
    ...overrides,
  };
}

import type { PropertyRead, SearchResponse } from '@mboa/contracts';
import type { Page, Route } from 'playwright-core';

/** Contract-shaped answers for a page whose /api is stubbed (the smoke test runs without a server). */
export function stubProperty(i: number): PropertyRead {
  const id = `prop-${i}`;
  const towns = ['Buea', 'Limbe', 'Douala', 'Yaounde', 'Bamenda'];
  const town = towns[i % towns.length];
  return {
    _id: id,
    id,
    title: `${i % 2 ? 'Two-bedroom apartment' : 'Self-contained studio'} #${i}`,
    description: 'Tiled floors, running water, prepaid electricity.',
    price: 25000 + i * 5000,
    paymentTerms: 'monthly',
    paymentTerm: 'monthly',
    town,
    neighbourhood: 'Mile 4',
    location: { country: 'Cameroon', town, neighbourhood: 'Mile 4' },
    category: 'residential',
    propertyType: i % 2 ? 'apartment' : 'studio',
    caution: 50000,
    advanceMonths: 0,
    status: 'available',
    isVerified: true,
    thumbnail: i % 5 === 4 ? null : `/media/thumb-${i}.svg`,
    propertyImages: [{ url: `/media/large-${i}.svg`, alt: `Photo ${i}`, width: 1024, height: 768 }],
    amenities: ['water', 'electricity'],
    specifications: { bedrooms: 1 + (i % 3), toilets: 1, kitchens: 1, livingRooms: 1, size: 30, distanceFromRoad: 3, sections: null },
    createdAt: '2026-11-20T10:00:00.000Z',
    author: { _id: 'owner-1', name: 'Marie Landlord', email: 'marie@example.cm', whatsapp: '677123456' },
    checks: { numberConfirmed: i % 3 !== 0, identityChecked: i % 2 === 0, control: i % 4 === 0 ? 'owner' : null },
  };
}

export const TOTAL = 15;
const PAGE_SIZE = 12;

export function searchAnswer(page: number, filtered: boolean): SearchResponse {
  const total = filtered ? 3 : TOTAL;
  const all = Array.from({ length: total }, (_, i) => stubProperty(i + 1));
  return {
    properties: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total,
    page,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

const SVG = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#94a3b8"/><text x="20" y="130" font-size="28" fill="#fff">${label}</text></svg>`;

/** Routes /api/* and /media/* of `page`; returns the search queries seen. */
export async function stubApi(page: Page): Promise<URLSearchParams[]> {
  const searches: URLSearchParams[] = [];
  const json = (route: Route, status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/api/me') return json(route, 401, { message: 'Please log in to continue.' });
    if (url.pathname === '/api/properties/search') {
      searches.push(url.searchParams);
      const filtered = ['category', 'propertyType', 'town', 'rooms', 'minPrice', 'maxPrice', 'search', 'controlChecked'].some((k) => url.searchParams.has(k));
      return json(route, 200, searchAnswer(Number(url.searchParams.get('page') ?? '1'), filtered));
    }
    const details = /^\/api\/properties\/prop-(\d+)$/.exec(url.pathname);
    if (details) {
      const owner = { firstName: 'Marie', verified: true, memberSince: '2025-03-01T00:00:00.000Z', activeListings: 2 };
      return json(route, 200, { ...stubProperty(Number(details[1])), owner, typicalPrice: null });
    }
    if (/^\/api\/properties\/prop-\d+\/similar$/.test(url.pathname)) return json(route, 200, { properties: [] });
    return json(route, 404, { message: 'Route not found' });
  });
  await page.route('**/media/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: SVG(new URL(route.request().url()).pathname.split('/').pop() ?? '') }),
  );
  return searches;
}

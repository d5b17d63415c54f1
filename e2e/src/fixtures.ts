/** People and properties made through the API and NATS, so each browser test starts from a known state. */
import { LISTINGS_PATTERNS, type PaymentTerm, type PropertyRead, type PropertyType, type PublicUser } from '@mboa/contracts';
import { rpcFor, signInAdmin, signUp } from '../../gateway/src/__tests__/people.js';
import { Browser } from '../../gateway/src/__tests__/system.js';
import { eventually, type E2eSystem, type E2ePage } from './harness.js';

export { signInAdmin, signUp };

export interface PropertySeed {
  title: string;
  category?: 'residential' | 'commercial';
  propertyType?: PropertyType;
  town?: string;
  neighbourhood?: string;
  price?: number;
  /** Default monthly. */
  paymentTerm?: PaymentTerm;
  description?: string;
}

/** A property posted straight to the listings service (unverified, as every new listing is). */
export async function createProperty(e2e: E2eSystem, owner: PublicUser, seed: PropertySeed): Promise<PropertyRead> {
  const rpc = await rpcFor(e2e.system);
  const commercial = seed.category === 'commercial';
  try {
    return await rpc.call(LISTINGS_PATTERNS.propertyCreate, {
      actor: { userId: owner.id, role: owner.role, isVerified: true, name: owner.name },
      data: {
        category: seed.category ?? 'residential',
        propertyType: seed.propertyType ?? (commercial ? 'shop' : 'apartment'),
        title: seed.title,
        paymentTerm: seed.paymentTerm ?? 'monthly',
        price: seed.price ?? 75000,
        caution: 150000,
        description: seed.description ?? 'Bright rooms, tiled floors and a water tank in the compound.',
        availability: 'available',
        location: { country: 'Cameroon', town: seed.town ?? 'Buea', neighbourhood: seed.neighbourhood ?? 'Molyko' },
        specifications: commercial
          ? { sections: 1, size: 30, toilets: 1, distanceFromRoad: 50 }
          : { bedrooms: 2, toilets: 1, kitchens: 1, livingRooms: 1, size: 65, distanceFromRoad: 3 },
        amenities: ['water', 'electricity'],
      },
      images: [],
    });
  } finally {
    await rpc.close();
  }
}

/** Approves through the admin API and waits until public search shows it. */
export async function approve(e2e: E2eSystem, admin: Browser, property: PropertyRead): Promise<void> {
  const res = await admin.post(`/api/admin/properties/${property.id}/review`, { action: 'approve', feedback: '' });
  if (res.status !== 200) throw new Error(`approve failed: ${res.status} ${res.text}`);
  await waitSearchable(e2e, property.id);
}

export async function waitSearchable(e2e: E2eSystem, id: string, search?: string): Promise<void> {
  await eventually(async () => {
    const res = await new Browser(e2e.url).get(`/api/properties/${id}`);
    if (res.status !== 200 || res.body?.isVerified !== true) return false;
    if (search === undefined) return true;
    const found = await new Browser(e2e.url).get(`/api/properties/search?search=${encodeURIComponent(search)}`);
    return (found.body?.properties as PropertyRead[] | undefined)?.some((p) => p.id === id);
  }, `property ${id} to be public`);
}

/** Puts a node-side session (from signUp/signInAdmin) into the browser context. */
export async function useSession(e2e: E2eSystem, page: E2ePage, browser: Browser): Promise<void> {
  const value = browser.cookie('mboa_session');
  if (!value) throw new Error('no session cookie');
  await page.context.addCookies([{ name: 'mboa_session', value, url: e2e.url, httpOnly: true, sameSite: 'Lax' }]);
}

/** The owner's listings as the owner's API sees them. */
export async function myListings(owner: Browser): Promise<PropertyRead[]> {
  const res = await owner.post('/api/property/my-listings', { action: 'fetch', payload: { page: 1, limit: 20 } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`my-listings failed: ${res.status} ${res.text}`);
  return res.body.data as PropertyRead[];
}

let made = 0;
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++made}`;

/** A real JPEG: a coloured picture with a caption, like a phone photo but small. */
export async function jpeg(width: number, height: number, colour: string, caption: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/>` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fff" opacity="0.5"/>` +
      `<text x="40" y="${height - 60}" font-size="${Math.round(height / 10)}" fill="#fff" font-family="sans-serif">${caption}</text></svg>`,
  );
  return sharp(svg).jpeg({ quality: 85 }).toBuffer();
}

/** POST /api/property/post with photos, as the web app sends it (multipart). */
export async function postWithPhotos(
  e2e: E2eSystem,
  owner: Browser,
  fields: Record<string, string>,
  photos: Buffer[],
): Promise<PropertyRead> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const stamp = Date.now();
  photos.forEach((bytes, index) => data.append('propertyImages', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${stamp}-${index}-photo${index}.jpg`));
  const res = await fetch(`${e2e.url}/api/property/post`, {
    method: 'POST',
    body: data,
    headers: { cookie: `mboa_session=${owner.cookie('mboa_session')}` },
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${text}`);
  return JSON.parse(text).property as PropertyRead;
}

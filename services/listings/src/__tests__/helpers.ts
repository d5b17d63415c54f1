import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type Actor, type EventType, type ProcessedImage, type PropertyPostInput, type PublicUser, type Role, type UserEventPayload } from '@mboa/contracts';

let n = 0;

export function user(role: Role, over: Partial<PublicUser> = {}): PublicUser {
  const id = randomUUID();
  n += 1;
  return {
    _id: id,
    id,
    name: `Owner ${n}`,
    email: `owner${n}.${id.slice(0, 6)}@example.cm`,
    whatsapp: '677001122',
    role,
    status: 'active',
    isVerified: role !== 'renter',
    createdAt: new Date().toISOString(),
    ...over,
  };
}

/**
 * The facts auth publishes for a new account whose owner then proves their WhatsApp number (a
 * landlord or caretaker may not post before): `user.registered` (version 1), then `user.updated`
 * (version 2) carrying `whatsappProvenAt`, as every later fact of the account does while it stays proven.
 */
export function provenAccountFacts(u: PublicUser, provenAt = new Date().toISOString()): { type: EventType; payload: UserEventPayload }[] {
  return [
    { type: EVENT_TYPES.userRegistered, payload: { user: u, version: 1 } },
    { type: EVENT_TYPES.userUpdated, payload: { user: u, version: 2, whatsappProvenAt: provenAt } },
  ];
}

export const actorOf = (u: PublicUser): Actor => ({ userId: u.id, role: u.role, isVerified: u.isVerified });

export function image(i: number): ProcessedImage {
  return {
    large: { url: `/media/p/${i}.webp`, key: `p/${i}.webp`, width: 1024, height: 768, bytes: 90_000, mimeType: 'image/webp' },
    thumbnail: { url: `/media/p/${i}-thumb.webp`, key: `p/${i}-thumb.webp`, width: 320, height: 240, bytes: 9_000, mimeType: 'image/webp' },
    alt: `Photo ${i}`,
  };
}

/** The posted fields; `over` may make them wrong on purpose (listings judges them). */
export function postData(over: Record<string, unknown> = {}): PropertyPostInput {
  return {
    category: 'residential',
    propertyType: 'apartment',
    title: 'Modern apartment in Bonapriso',
    description: 'Two bedrooms, tiled floors, water and electricity, close to the main road.',
    paymentTerm: 'monthly',
    price: 150000,
    caution: 300000,
    availability: 'available',
    location: { country: 'Cameroon', town: 'Douala', neighbourhood: 'Bonapriso' },
    amenities: ['water', 'electricity'],
    specifications: { bedrooms: 2, toilets: 2, kitchens: 1, livingRooms: 1, size: 85.5, distanceFromRoad: 3 },
    ...over,
  };
}

export async function eventually<T>(fn: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await fn();
    if (check(last)) return last;
    if (Date.now() > deadline) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
}

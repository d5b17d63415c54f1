import { randomUUID } from 'node:crypto';
import { monthlyPriceOf, type SearchDocument } from '../search-document.js';

const DAY = 24 * 60 * 60 * 1000;
const BASE = Date.UTC(2025, 0, 1);

let counter = 0;

/** A document as the indexer builds it; `monthlyPrice` always follows the price and term given. */
export function doc(overrides: Partial<Omit<SearchDocument, 'monthlyPrice'>> & { day?: number }): SearchDocument {
  const { day, ...rest } = overrides;
  counter += 1;
  const createdAt = new Date(BASE + (day ?? counter) * DAY).toISOString();
  const built = {
    id: randomUUID(),
    ownerId: randomUUID(),
    title: `Property ${counter}`,
    description: 'A place to live.',
    category: 'residential',
    propertyType: 'apartment',
    paymentTerm: 'monthly',
    price: 100000,
    caution: 0,
    country: 'Cameroon',
    town: 'Douala',
    neighbourhood: 'Akwa',
    rooms: 1,
    bedrooms: 1,
    toilets: 1,
    kitchens: 1,
    livingRooms: 1,
    size: 40.5,
    distanceFromRoad: 5,
    sections: null,
    amenities: ['water'],
    thumbnailUrl: `/media/${counter}-thumb.webp`,
    imageCount: 1,
    controlKind: null as SearchDocument['controlKind'],
    area: null as SearchDocument['area'],
    createdAt,
    version: 1,
    sourceUpdatedAt: createdAt,
    ...rest,
  };
  return { ...built, monthlyPrice: monthlyPriceOf(built.price, built.paymentTerm) };
}

/** Eight properties, one per day: `byDay[1]` is the oldest, `byDay[8]` the newest. */
export function catalogue() {
  const a = doc({ day: 1, title: 'Modern apartment in Bonapriso', town: 'Douala', neighbourhood: 'Bonapriso', propertyType: 'apartment', bedrooms: 3, rooms: 3, price: 150000, description: 'Bright rooms, close to shops.' });
  const b = doc({ day: 2, title: 'Cozy place near the university', town: 'Yaoundé', neighbourhood: 'Ngoa-Ekelle', propertyType: 'studio', bedrooms: 1, rooms: 1, price: 50000, description: 'Ideal for a student.' });
  const c = doc({ day: 3, title: 'Spacious duplex résidence with garden', town: 'Buea', neighbourhood: 'Molyko', propertyType: 'duplex', bedrooms: 5, rooms: 5, price: 300000, description: 'Five bedrooms and a swimming pool.' });
  const d = doc({ day: 4, title: 'Office space downtown', town: 'Douala', neighbourhood: 'Akwa', category: 'commercial', propertyType: 'office', bedrooms: null, sections: 4, rooms: 4, price: 500000, description: 'Open plan floor, next to a warehouse.' });
  const e = doc({ day: 5, title: 'Small shop by the market', town: 'Limbe', neighbourhood: 'Down Beach', category: 'commercial', propertyType: 'shop', bedrooms: null, sections: 1, rooms: 1, price: 80000, description: 'Busy street.' });
  const f = doc({ day: 6, title: 'Guest house room', town: 'Bamenda', neighbourhood: 'Nkwen', propertyType: 'Guest House', bedrooms: 2, rooms: 2, price: 25000, description: 'Quiet neighbourhood with electricity and water.' });
  const g = doc({ day: 7, title: 'Self contained room', town: 'Douala', neighbourhood: 'Makepe', propertyType: 'Single Room', bedrooms: 1, rooms: 1, price: 30000, description: 'Tiled floor.' });
  const h = doc({ day: 8, title: 'Warehouse for storage', town: 'Kribi', neighbourhood: 'Centre', category: 'commercial', propertyType: 'warehouse', bedrooms: null, sections: 2, rooms: 2, price: 1000000, description: 'Large hall near the port.' });
  return { a, b, c, d, e, f, g, h, all: [a, b, c, d, e, f, g, h] };
}

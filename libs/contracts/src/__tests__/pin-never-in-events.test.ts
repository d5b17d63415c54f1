// The exact pin of a property (issue 28) goes only to its owner and staff: no event another service
// receives may carry it. The contracts are checked field by field, and a snapshot made from the
// owner's own read (which has the pin) is checked for its digits.
import type { z } from 'zod';
import { ALL_EVENT_TYPES, EVENT_CONTRACTS, snapshotOfProperty, type PropertyRead } from '../index.js';

/** Every field name a schema can hold, however deep (objects, arrays, unions, optional, pipes). */
function fieldNames(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner = (v: unknown): v is z.core.$ZodType => typeof v === 'object' && v !== null && '_zod' in v;
  const names: string[] = [];
  if (def.type === 'object') {
    for (const [key, value] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) names.push(key, ...fieldNames(value, seen));
  }
  for (const key of ['innerType', 'in', 'out', 'element', 'valueType']) {
    if (inner(def[key])) names.push(...fieldNames(def[key], seen));
  }
  if (Array.isArray(def.options)) for (const option of def.options) if (inner(option)) names.push(...fieldNames(option, seen));
  return names;
}

test('no event contract has a field for the exact pin or the area offset', () => {
  for (const type of ALL_EVENT_TYPES) {
    const names = fieldNames(EVENT_CONTRACTS[type].schema);
    expect({ type, pinFields: names.filter((n) => /^pin([A-Z]|$)|Pin([A-Z]|$)|[oO]ffset/.test(n)) }).toEqual({ type, pinFields: [] });
  }
  // The walk does see nested fields.
  expect(fieldNames(EVENT_CONTRACTS['property.created'].schema)).toEqual(expect.arrayContaining(['property', 'neighbourhood', 'thumbnail']));
});

test("a property event's snapshot made from the owner's read (which has the pin) carries none of it", () => {
  const pin = { lat: 4.1537291, lng: 9.2418643 };
  const read = {
    id: 'p1',
    title: 'Studio in Molyko',
    category: 'residential',
    propertyType: 'studio',
    town: 'Buea',
    neighbourhood: 'Molyko',
    price: 45000,
    paymentTerm: 'monthly',
    status: 'available',
    isVerified: true,
    thumbnail: null,
    createdAt: '2026-11-28T04:00:00.000Z',
    location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko', pin, area: { lat: 4.155, lng: 9.243, radiusM: 400 } },
  } as unknown as PropertyRead;
  const text = JSON.stringify(snapshotOfProperty(read, 'o1'));
  expect(text).not.toContain(String(pin.lat));
  expect(text).not.toContain(String(pin.lng));
  expect(text).not.toContain('"pin"');
});

import { myListingsSchema, MESSAGES, nestFormFields, parseOrErrors, propertyEditSchema, propertyPostSchema } from '../index.js';

const G = MESSAGES.geo;

/** A valid post as multipart fields, plus `extra` fields. */
function post(extra: Record<string, string>) {
  return nestFormFields({
    category: 'residential',
    propertyType: 'Studio',
    title: 'Studio in Molyko',
    description: 'Near the university',
    price: '45000',
    paymentTerm: 'monthly',
    'location[town]': 'Buea',
    'location[neighbourhood]': 'Molyko',
    'specifications[bedrooms]': '1',
    'specifications[toilets]': '1',
    'specifications[size]': '20',
    ...extra,
  });
}

describe('where a property is: pin and landmark in the post and edit schemas', () => {
  it('reads a pin and a landmark from multipart fields', () => {
    const result = parseOrErrors(propertyPostSchema, post({ 'location[pin][lat]': '4.15271', 'location[pin][lng]': '9.24087', 'location[landmark]': ' Behind the Total station ' }));
    expect(result).toMatchObject({ ok: true, data: { location: { town: 'Buea', pin: { lat: 4.15271, lng: 9.24087 }, landmark: 'Behind the Total station' } } });
  });

  it('has no pin and no landmark when the fields are blank or absent', () => {
    const blanks: Record<string, string>[] = [{}, { 'location[pin][lat]': '', 'location[pin][lng]': ' ', 'location[landmark]': '  ' }];
    for (const fields of blanks) {
      const result = parseOrErrors(propertyPostSchema, post(fields));
      if (!result.ok) throw new Error(result.message);
      expect(result.data.location.pin).toBeUndefined();
      expect(result.data.location.landmark ?? '').toBe('');
    }
  });

  it.each([
    [{ 'location[pin][lat]': 'NaN', 'location[pin][lng]': '9.2' }, 'location.pin.lat', G.latitudeInvalid],
    [{ 'location[pin][lat]': 'north', 'location[pin][lng]': '9.2' }, 'location.pin.lat', G.latitudeInvalid],
    [{ 'location[pin][lat]': '4.1', 'location[pin][lng]': '200' }, 'location.pin.lng', G.longitudeInvalid],
    [{ 'location[pin][lat]': '91', 'location[pin][lng]': '9.2' }, 'location.pin.lat', G.latitudeInvalid],
    [{ 'location[pin][lat]': '4.1' }, 'location.pin', G.pinIncomplete],
    [{ 'location[pin][lat]': '48.8566', 'location[pin][lng]': '2.3522' }, 'location.pin', G.pinOutsideCameroon],
    [{ 'location[landmark]': 'x'.repeat(161) }, 'location.landmark', G.landmarkTooLong],
  ])('refuses %j naming %s', (fields, field, message) => {
    const result = parseOrErrors(propertyPostSchema, post(fields));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.join('\n')).toContain(field);
    expect(result.errors.join('\n')).toContain(message);
  });

  it('removes the pin with null on an edit, and the landmark with a blank', () => {
    expect(parseOrErrors(propertyEditSchema, { location: { pin: null, landmark: '' } })).toMatchObject({ ok: true, data: { location: { pin: null, landmark: '' } } });
    expect(parseOrErrors(propertyEditSchema, { location: { pin: { lat: 4.05, lng: 9.7 } } })).toMatchObject({ ok: true, data: { location: { pin: { lat: 4.05, lng: 9.7 } } } });
    expect(parseOrErrors(propertyEditSchema, { location: { pin: { lat: 4.05 } } })).toMatchObject({ ok: false });
  });

  it("lets the owner's My Listings update change the pin, the status, or both, and nothing else empty", () => {
    const id = '0b0e8c2e-8f0e-4a53-9b57-3b8f3f2c1c11';
    expect(parseOrErrors(myListingsSchema, { action: 'update', payload: { id, data: { location: { pin: { lat: 4.05, lng: 9.7 } } } } })).toMatchObject({ ok: true });
    expect(parseOrErrors(myListingsSchema, { action: 'update', payload: { id, data: { status: 'rented' } } })).toMatchObject({ ok: true, data: { payload: { data: { status: 'rented' } } } });
    expect(parseOrErrors(myListingsSchema, { action: 'update', payload: { id, data: {} } })).toMatchObject({ ok: false });
    expect(parseOrErrors(myListingsSchema, { action: 'update', payload: { id, data: { location: { pin: { lat: 'x', lng: 9.7 } } } } })).toMatchObject({ ok: false });
  });
});

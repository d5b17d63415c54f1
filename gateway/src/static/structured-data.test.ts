// The JSON-LD search engines read from a listing's page and from the home page: read back from the
// <script> element as a search engine would (JSON.parse) and checked against the listing.
import type { PropertyRead } from '@mboa/contracts';
import { homeStructuredData, jsonLdScript, listingBreadcrumbs, listingStructuredData } from './structured-data.js';

const ORIGIN = 'https://mboa.example';

function listing(overrides: Partial<PropertyRead> = {}): PropertyRead {
  return {
    _id: 'p42',
    id: 'p42',
    title: 'Appartement meublé à Bonapriso',
    description: 'Deux chambres, salon, cuisine équipée.',
    price: 150000,
    paymentTerms: 'monthly',
    paymentTerm: 'monthly',
    town: 'Douala',
    neighbourhood: 'Bonapriso',
    location: { country: 'Cameroon', town: 'Douala', neighbourhood: 'Bonapriso' },
    category: 'residential',
    propertyType: 'apartment',
    caution: 300000,
    advanceMonths: 3,
    status: 'available',
    isVerified: true,
    thumbnail: '/media/properties/p42/1-thumb.webp',
    propertyImages: [
      { url: '/media/properties/p42/1.webp', alt: 'Salon', width: 1600, height: 1200 },
      { url: 'https://cdn.mboa.example/properties/p42/2.webp', alt: 'Cuisine', width: 1600, height: 1200 },
    ],
    amenities: ['water', 'electricity'],
    specifications: { bedrooms: 2, toilets: 2, kitchens: 1, livingRooms: 1, size: 85.5, distanceFromRoad: 3, sections: null },
    createdAt: '2026-11-20T10:00:00.000Z',
    author: { _id: 'u7', name: 'Ngono Pauline', email: 'pauline@example.cm', whatsapp: '674000000' },
    checks: { numberConfirmed: false, identityChecked: false, control: null },
    ...overrides,
  };
}

/** What a search engine reads: the element's content, parsed as JSON. */
function parsed(tag: string): unknown {
  const match = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(tag);
  if (!match) throw new Error(`not one ld+json element: ${tag}`);
  return JSON.parse(match[1]);
}

const offerOf = (property: PropertyRead, language: 'fr' | 'en' = 'fr') => parsed(jsonLdScript(listingStructuredData(property, { origin: ORIGIN, language })));

/** The value at `path` inside parsed JSON ('itemOffered', 'address'), undefined when absent. */
function dig(value: unknown, ...path: (string | number)[]): unknown {
  let at = value;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<string | number, unknown>)[key] : undefined;
  return at;
}

describe('a listing as a schema.org Offer', () => {
  test('price in XAF for its payment term, the lease, availability and the page in its language', () => {
    const offer = offerOf(listing());
    expect(offer).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Offer',
      url: `${ORIGIN}/property-details/p42?lang=fr`,
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      price: 150000,
      priceCurrency: 'XAF',
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: 150000,
        priceCurrency: 'XAF',
        unitCode: 'MON',
        unitText: 'mois',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
      },
    });
    expect(offerOf(listing(), 'en')).toMatchObject({ url: `${ORIGIN}/property-details/p42?lang=en`, priceSpecification: { unitText: 'month' } });
    expect(dig(offerOf(listing({ paymentTerms: 'yearly', paymentTerm: 'yearly' })), 'priceSpecification', 'unitCode')).toBe('ANN');
    expect(dig(offerOf(listing({ paymentTerms: 'daily', paymentTerm: 'daily' })), 'priceSpecification', 'unitCode')).toBe('DAY');
    expect(dig(offerOf(listing({ paymentTerms: 'quarterly', paymentTerm: 'quarterly' })), 'priceSpecification', 'unitCode')).toBe('QAN');
    expect(dig(offerOf(listing({ status: 'rented' })), 'availability')).toBe('https://schema.org/OutOfStock');
  });

  test('the place: its type, name, description, photos as absolute addresses, rooms, floor size, amenities', () => {
    const place = dig(offerOf(listing()), 'itemOffered');
    expect(place).toEqual({
      '@type': 'Apartment',
      name: 'Appartement meublé à Bonapriso',
      description: 'Deux chambres, salon, cuisine équipée.',
      image: [`${ORIGIN}/media/properties/p42/1.webp`, 'https://cdn.mboa.example/properties/p42/2.webp'],
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Bonapriso',
        addressLocality: 'Douala',
        addressRegion: 'Littoral',
        addressCountry: 'CM',
      },
      numberOfRooms: 2,
      numberOfBedrooms: 2,
      floorSize: { '@type': 'QuantitativeValue', value: 85.5, unitCode: 'MTK' },
      amenityFeature: [
        { '@type': 'LocationFeatureSpecification', name: 'Eau', value: true },
        { '@type': 'LocationFeatureSpecification', name: 'Électricité', value: true },
      ],
    });
  });

  test('each kind of place has its closest schema.org type', () => {
    const typeOf = (overrides: Partial<PropertyRead>) => dig(offerOf(listing(overrides)), 'itemOffered', '@type');
    expect(typeOf({ propertyType: 'Single Room' })).toBe('Room');
    expect(typeOf({ propertyType: 'studio' })).toBe('Apartment');
    expect(typeOf({ propertyType: 'duplex' })).toBe('House');
    expect(typeOf({ propertyType: 'Guest House' })).toBe('House');
    expect(typeOf({ propertyType: 'bungalow' })).toBe('SingleFamilyResidence');
    for (const propertyType of ['office', 'shop', 'warehouse', 'container'] as const) {
      expect(typeOf({ category: 'commercial', propertyType })).toBe('Accommodation');
    }
  });

  test('a shop counts its sections as rooms and has no bedrooms', () => {
    const place = dig(
      offerOf(listing({ category: 'commercial', propertyType: 'shop', specifications: { bedrooms: null, toilets: null, kitchens: null, livingRooms: null, size: 30, distanceFromRoad: 50, sections: 3 } })),
      'itemOffered',
    );
    expect(place).toMatchObject({ '@type': 'Accommodation', numberOfRooms: 3, floorSize: { value: 30, unitCode: 'MTK' } });
    expect(place).not.toHaveProperty('numberOfBedrooms');
  });

  test('the region in the page’s language; a town typed in by the owner goes without one', () => {
    expect(dig(offerOf(listing({ town: 'Maroua' }), 'fr'), 'itemOffered', 'address')).toMatchObject({ addressLocality: 'Maroua', addressRegion: 'Extrême-Nord' });
    expect(dig(offerOf(listing({ town: 'Maroua' }), 'en'), 'itemOffered', 'address')).toMatchObject({ addressRegion: 'Far North' });
    expect(dig(offerOf(listing({ town: 'Bamenda' }), 'en'), 'itemOffered', 'address', 'addressRegion')).toBe('North-West');
    const typedIn = dig(offerOf(listing({ town: 'Bonaberi Village' })), 'itemOffered', 'address');
    expect(typedIn).toEqual({ '@type': 'PostalAddress', streetAddress: 'Bonapriso', addressLocality: 'Bonaberi Village', addressCountry: 'CM' });
  });

  test('a listing without photos, size, rooms, description or amenities has none of those fields', () => {
    const bare = listing({
      description: '   ',
      propertyImages: [],
      thumbnail: null,
      amenities: [],
      neighbourhood: '',
      specifications: { bedrooms: null, toilets: null, kitchens: null, livingRooms: null, size: null, distanceFromRoad: null, sections: null },
    });
    const place = dig(offerOf(bare), 'itemOffered');
    expect(Object.keys(place as object).sort()).toEqual(['@type', 'address', 'name']);
    expect(dig(place, 'address')).toEqual({ '@type': 'PostalAddress', addressLocality: 'Douala', addressRegion: 'Littoral', addressCountry: 'CM' });
  });

  test('nothing private: no owner, e-mail, WhatsApp number, exact place, or photo still awaiting review', () => {
    const held = listing({
      propertyImages: [
        { url: '/media/properties/p42/1.webp', alt: '', width: 10, height: 10 },
        { url: '/media/properties/p42/held.webp', alt: '', width: 10, height: 10, awaitingReview: true, id: 'img9' },
      ],
      owner: { firstName: 'Pauline', verified: true, memberSince: '2025-01-01T00:00:00.000Z', activeListings: 3 },
    });
    const text = jsonLdScript(listingStructuredData(held, { origin: ORIGIN, language: 'en' }));
    for (const secret of ['pauline@example.cm', '674000000', 'Ngono', 'Pauline', 'u7', 'held.webp', 'geo', 'latitude', 'caution']) {
      expect(text).not.toContain(secret);
    }
    expect(dig(offerOf(held), 'itemOffered', 'image')).toEqual([`${ORIGIN}/media/properties/p42/1.webp`]);
  });

  test('a photo address that is not a web address is left out', () => {
    const odd = listing({ propertyImages: [{ url: 'javascript:alert(1)', alt: '', width: 1, height: 1 }, { url: 'photos/3.webp', alt: '', width: 1, height: 1 }] });
    expect(dig(offerOf(odd), 'itemOffered', 'image')).toEqual([`${ORIGIN}/photos/3.webp`]);
  });
});

describe('hostile texts stay inside the data', () => {
  const hostile = [
    '</script><script>alert(1)</script>',
    '<!--<script>',
    'Line\u2028separator and paragraph\u2029separator',
    `Le "grand" studio d'Akwa \\ & co`,
    'Price $& and $\' and $` and $$',
    '</SCRIPT ><img src=x onerror=alert(1)>',
  ];

  test.each(hostile)('title, description, town and neighbourhood %j parse back as written', (text) => {
    const property = listing({ title: text, description: text, town: text, neighbourhood: text });
    const tag = jsonLdScript([listingStructuredData(property, { origin: ORIGIN, language: 'fr' }), listingBreadcrumbs(property, { origin: ORIGIN, language: 'fr' })]);
    // One element, which only its own closing tag ends. Inside a <script>, an HTML parser leaves
    // the text only at `</script` and changes state only at `<!--`: without `<` it can do neither.
    expect(tag.match(/<\/script/gi)).toHaveLength(1);
    expect(tag.slice('<script type="application/ld+json">'.length, -'</script>'.length)).not.toMatch(/[<>&\u2028\u2029]/);
    const [offer, trail] = [dig(parsed(tag), 0), dig(parsed(tag), 1)];
    expect(dig(offer, 'itemOffered', 'name')).toBe(text);
    expect(dig(offer, 'itemOffered', 'description')).toBe(text);
    expect(dig(offer, 'itemOffered', 'address')).toMatchObject({ addressLocality: text, streetAddress: text });
    expect(dig(trail, 'itemListElement', 1, 'name')).toBe(`Locations à ${text}`);
    expect(dig(trail, 'itemListElement', 2, 'name')).toBe(text);
    expect(new URL(String(dig(trail, 'itemListElement', 1, 'item'))).searchParams.get('town')).toBe(text.trim());
  });
});

describe('the breadcrumb trail: home › the town’s listings › the listing', () => {
  test('in French', () => {
    expect(parsed(jsonLdScript(listingBreadcrumbs(listing(), { origin: ORIGIN, language: 'fr' })))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Accueil', item: `${ORIGIN}/?lang=fr` },
        { '@type': 'ListItem', position: 2, name: 'Locations à Douala', item: `${ORIGIN}/?town=Douala&lang=fr` },
        { '@type': 'ListItem', position: 3, name: 'Appartement meublé à Bonapriso', item: `${ORIGIN}/property-details/p42?lang=fr` },
      ],
    });
  });

  test('in English, a town of two words in its address', () => {
    const trail = listingBreadcrumbs(listing({ town: 'Garoua-Boulai', title: 'Villa' }), { origin: ORIGIN, language: 'en' });
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/?lang=en` },
      { '@type': 'ListItem', position: 2, name: 'Rentals in Garoua-Boulai', item: `${ORIGIN}/?town=Garoua-Boulai&lang=en` },
      { '@type': 'ListItem', position: 3, name: 'Villa', item: `${ORIGIN}/property-details/p42?lang=en` },
    ]);
    const spaced = listingBreadcrumbs(listing({ town: 'Bonaberi Village' }), { origin: ORIGIN, language: 'en' });
    expect(dig(spaced, 'itemListElement', 1, 'item')).toBe(`${ORIGIN}/?town=Bonaberi+Village&lang=en`);
  });
});

describe('the home page as a WebSite searched from a search engine’s box', () => {
  test.each([['fr'], ['en']] as const)('in %s', (language) => {
    expect(parsed(jsonLdScript(homeStructuredData({ origin: ORIGIN, language })))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Mboa Rentals',
      url: `${ORIGIN}/?lang=${language}`,
      inLanguage: language,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${ORIGIN}/?search={search_term_string}&lang=${language}`,
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

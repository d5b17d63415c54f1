import { digestMoment, matchesSavedSearch, savedSearchKey, savedSearchName, type MatchableListing } from './saved-search.js';

const studio: MatchableListing = {
  title: 'Bright studio near the university',
  description: 'Water and electricity included, quiet compound.',
  category: 'residential',
  propertyType: 'studio',
  paymentTerm: 'monthly',
  town: 'Buea',
  neighbourhood: 'Molyko',
  amenities: ['water', 'electricity'],
  price: 45_000,
  bedrooms: 1,
  sections: null,
  controlKind: null,
};

describe('a listing against saved filters', () => {
  it('matches empty filters', () => {
    expect(matchesSavedSearch(studio, {})).toBe(true);
  });

  it('compares category and type exactly, the town without case or accents', () => {
    expect(matchesSavedSearch(studio, { category: 'residential', propertyType: 'studio' })).toBe(true);
    expect(matchesSavedSearch(studio, { category: 'commercial' })).toBe(false);
    expect(matchesSavedSearch(studio, { propertyType: 'apartment' })).toBe(false);
    expect(matchesSavedSearch(studio, { town: ' BUÉA ' })).toBe(true);
    expect(matchesSavedSearch({ ...studio, town: 'Yaoundé' }, { town: 'yaounde' })).toBe(true);
    expect(matchesSavedSearch(studio, { town: 'Limbe' })).toBe(false);
  });

  it('takes rooms as N or more (bedrooms, sections for commercial)', () => {
    expect(matchesSavedSearch(studio, { rooms: 1 })).toBe(true);
    expect(matchesSavedSearch(studio, { rooms: 2 })).toBe(false);
    const shop = { ...studio, category: 'commercial', propertyType: 'shop', bedrooms: null, sections: 3 };
    expect(matchesSavedSearch(shop, { rooms: 3 })).toBe(true);
    expect(matchesSavedSearch(shop, { rooms: 4 })).toBe(false);
  });

  it('keeps the price within the range, both ends included', () => {
    expect(matchesSavedSearch(studio, { maxPrice: 45_000 })).toBe(true);
    expect(matchesSavedSearch(studio, { maxPrice: 44_999 })).toBe(false);
    expect(matchesSavedSearch(studio, { minPrice: 45_000, maxPrice: 50_000 })).toBe(true);
    expect(matchesSavedSearch(studio, { minPrice: 45_001 })).toBe(false);
  });

  it('with control checked, keeps only a listing whose control staff checked, by the owner or a caretaker', () => {
    expect(matchesSavedSearch(studio, { controlChecked: true })).toBe(false);
    expect(matchesSavedSearch({ ...studio, controlKind: 'owner' }, { controlChecked: true, town: 'Buea' })).toBe(true);
    expect(matchesSavedSearch({ ...studio, controlKind: 'caretaker' }, { controlChecked: true })).toBe(true);
    expect(matchesSavedSearch({ ...studio, controlKind: 'owner' }, {})).toBe(true);
  });

  it('finds every word of the text, the last as a prefix, typos forgiven, labels in both languages', () => {
    expect(matchesSavedSearch(studio, { search: 'molyko university' })).toBe(true);
    expect(matchesSavedSearch(studio, { search: 'quiet univ' })).toBe(true);
    expect(matchesSavedSearch(studio, { search: 'univ quiet' })).toBe(false);
    expect(matchesSavedSearch(studio, { search: 'universty' })).toBe(true);
    expect(matchesSavedSearch(studio, { search: 'Eau' })).toBe(true);
    expect(matchesSavedSearch(studio, { search: 'studio molyko swimming' })).toBe(false);
    expect(matchesSavedSearch(studio, { search: 'studio à Molyko' })).toBe(true);
  });
});

describe('a saved map area (bbox)', () => {
  // Molyko, Buea: the box saved from the map, and an area centre inside it.
  const box = '9.2,4.1,9.3,4.2';
  const pinned = { ...studio, areaLat: 4.153, areaLng: 9.242 };

  it('matches only a listing whose area centre is in the box, edges included', () => {
    expect(matchesSavedSearch(pinned, { bbox: box })).toBe(true);
    expect(matchesSavedSearch({ ...pinned, areaLat: 4.1, areaLng: 9.3 }, { bbox: box })).toBe(true);
    expect(matchesSavedSearch({ ...pinned, areaLat: 4.0511, areaLng: 9.7679 }, { bbox: box })).toBe(false);
    expect(matchesSavedSearch({ ...pinned, areaLat: 4.153, areaLng: 9.3001 }, { bbox: box })).toBe(false);
  });

  it('never matches a listing without a pin, and other filters still apply', () => {
    expect(matchesSavedSearch(studio, { bbox: box })).toBe(false);
    expect(matchesSavedSearch({ ...studio, areaLat: null, areaLng: null }, { bbox: box })).toBe(false);
    expect(matchesSavedSearch(pinned, { bbox: box, propertyType: 'apartment' })).toBe(false);
  });

  it('is part of the key (absent without a box: keys saved before stay the same) and of the name', () => {
    expect(savedSearchKey({ town: 'Buea' })).toBe(JSON.stringify({ town: 'buea' }));
    expect(savedSearchKey({ town: 'Buea', bbox: box })).not.toBe(savedSearchKey({ town: 'Buea' }));
    expect(savedSearchName({ propertyType: 'studio', bbox: box }, 'en')).toBe('Studios in an area of the map');
    expect(savedSearchName({ propertyType: 'studio', bbox: box }, 'fr')).toBe('Studios dans une zone de la carte');
  });
});

describe('the saved search key', () => {
  it('is the same for the same search written differently', () => {
    expect(savedSearchKey({ town: 'Buéa', search: '  Near  University ' })).toBe(savedSearchKey({ town: 'BUEA', search: 'near university' }));
    expect(savedSearchKey({ town: 'Buea' })).not.toBe(savedSearchKey({ town: 'Limbe' }));
    expect(savedSearchKey({ maxPrice: 50_000 })).not.toBe(savedSearchKey({ minPrice: 50_000 }));
    expect(savedSearchKey({ town: 'Buea', controlChecked: true })).not.toBe(savedSearchKey({ town: 'Buea' }));
    // A search saved before the filter existed keeps its key.
    expect(savedSearchKey({ town: 'Buea' })).toBe(JSON.stringify({ town: 'buea' }));
  });
});

describe('the automatic name', () => {
  it('says what, where and for how much, in English and French with FCFA', () => {
    expect(savedSearchName({ propertyType: 'studio', town: 'Molyko', maxPrice: 50_000 }, 'en')).toBe('Studios in Molyko under 50,000 FCFA');
    expect(savedSearchName({ propertyType: 'studio', town: 'Molyko', maxPrice: 50_000 }, 'fr')).toBe('Studios à Molyko à moins de 50\u202f000 FCFA');
    expect(savedSearchName({}, 'en')).toBe('Listings');
    expect(savedSearchName({ propertyType: 'studio', town: 'Buea', controlChecked: true }, 'en')).toBe('Studios in Buea with control checked');
    expect(savedSearchName({ propertyType: 'studio', town: 'Buea', controlChecked: true }, 'fr')).toBe('Studios à Buea avec droit vérifié');
    expect(savedSearchName({ category: 'commercial', minPrice: 100_000 }, 'fr')).toBe('Locaux commerciaux à partir de 100\u202f000 FCFA');
    expect(savedSearchName({ minPrice: 20_000, maxPrice: 40_000, search: 'near  campus' }, 'en')).toBe('Listings "near campus" 20,000 FCFA to 40,000 FCFA');
  });

  it('counts rooms in the right words, singular and plural', () => {
    expect(savedSearchName({ propertyType: 'apartment', rooms: 1 }, 'en')).toBe('Apartments with 1+ bedroom');
    expect(savedSearchName({ propertyType: 'apartment', rooms: 3 }, 'en')).toBe('Apartments with 3+ bedrooms');
    expect(savedSearchName({ propertyType: 'apartment', rooms: 1 }, 'fr')).toBe('Appartements avec 1 chambre ou plus');
    expect(savedSearchName({ propertyType: 'apartment', rooms: 2 }, 'fr')).toBe('Appartements avec 2 chambres ou plus');
    expect(savedSearchName({ category: 'commercial', rooms: 2 }, 'en')).toBe('Business premises with 2+ sections');
  });

  it('is cut short with an ellipsis past the longest name', () => {
    const name = savedSearchName({ search: 'word '.repeat(60) }, 'en', 40);
    expect(name).toHaveLength(40);
    expect(name.endsWith('…')).toBe(true);
  });
});

describe('the daily digest', () => {
  it('belongs to the latest 18:00 in Cameroon (17:00 UTC)', () => {
    expect(digestMoment(new Date('2026-11-25T17:00:00Z')).toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect(digestMoment(new Date('2026-11-25T16:59:59Z')).toISOString()).toBe('2026-11-24T17:00:00.000Z');
    expect(digestMoment(new Date('2026-12-01T03:00:00Z')).toISOString()).toBe('2026-11-30T17:00:00.000Z');
  });
});

import { isPubliclyVisible } from '../../rules/visibility.js';
import { buildSearchDocument, type IndexableProperty } from '../search-document.js';
import { normalizeSearchQuery } from '../search-index.js';
import { buildTsQuery } from '../postgres-search-index.js';
import { editDistance, foldText, isTypoOf, queryWords, typoBudget } from '../search-text.js';

describe('search text', () => {
  it('folds case and accents', () => {
    expect(foldText('Yaoundé Ébolowa ÇA')).toBe('yaounde ebolowa ca');
  });

  it('splits a query into letter/digit words, dropping syntax', () => {
    expect(queryWords("'; DROP TABLE x; -- a&b|c:* (d)")).toEqual(['drop', 'table', 'x', 'b', 'c']);
    expect(queryWords('   ')).toEqual([]);
  });

  it('leaves French filler words out of a search, unless they are all it has', () => {
    expect(queryWords("Salle de sport à l'Université")).toEqual(['salle', 'sport', 'universite']);
    expect(queryWords('de la')).toEqual(['de', 'la']);
  });

  it('allows one typo from 5 letters and two from 9', () => {
    expect([typoBudget('shop'), typoBudget('doula'), typoBudget('apartmnt'), typoBudget('apartment')]).toEqual([0, 1, 1, 2]);
    expect(isTypoOf('doula', 'douala')).toBe(true);
    expect(isTypoOf('apartmnt', 'apartment')).toBe(true);
    expect(isTypoOf('yaunde', 'yaounde')).toBe(true);
    expect(isTypoOf('warehuose', 'warehouse')).toBe(true);
    expect(isTypoOf('shap', 'shop')).toBe(false);
    expect(isTypoOf('douala', 'douala')).toBe(false);
    expect(isTypoOf('bonapriso', 'buea')).toBe(false);
  });

  it('measures edit distance with transpositions and gives up past the budget', () => {
    expect(editDistance('abcd', 'abdc', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });

  it('builds a tsquery of words, typo variants and a prefix last word', () => {
    const ts = buildTsQuery(['apartmnt', 'doula'], new Map([['apartmnt', ['apartment']], ['doula', ['douala']]]));
    expect(ts.all).toBe('(apartmnt | apartment) & (doula:* | douala)');
    expect(ts.any).toBe('apartmnt | apartment | doula:* | douala');
  });
});

describe('search query normalisation', () => {
  it('applies defaults and bounds', () => {
    expect(normalizeSearchQuery({})).toMatchObject({ page: 1, limit: 12, offset: 0, text: undefined });
    expect(normalizeSearchQuery({ page: 3, limit: 10 })).toMatchObject({ offset: 20 });
    expect(normalizeSearchQuery({ limit: 51 }).limit).toBe(50);
    expect(normalizeSearchQuery({ rooms: 2.5 }).rooms).toBe(3);
  });
});

describe('search document', () => {
  const property: IndexableProperty = {
    id: 'p1',
    ownerId: 'o1',
    category: 'commercial',
    propertyType: 'shop',
    title: 'Shop',
    description: 'A shop',
    price: 1000,
    caution: 500,
    paymentTerm: 'monthly',
    status: 'available',
    isVerified: true,
    reviewState: 'approved',
    country: 'Cameroon',
    town: 'Limbe',
    neighbourhood: 'Down Beach',
    amenities: ['water'],
    bedrooms: 2,
    toilets: 1,
    kitchens: null,
    livingRooms: null,
    size: 12.5,
    distanceFromRoad: 3,
    sections: 4,
    controlKind: null,
    version: 7,
    createdAt: new Date('2025-01-02T03:04:05Z'),
    updatedAt: '2025-02-01T00:00:00.000Z',
    images: [
      { position: 1, thumbUrl: '/media/b.webp' },
      { position: 0, thumbUrl: '/media/a.webp' },
    ],
  };

  it('takes rooms from sections for commercial and bedrooms for residential, and the first thumbnail', () => {
    expect(buildSearchDocument(property)).toMatchObject({
      rooms: 4,
      thumbnailUrl: '/media/a.webp',
      imageCount: 2,
      version: 7,
      createdAt: '2025-01-02T03:04:05.000Z',
    });
    expect(buildSearchDocument({ ...property, category: 'residential' }).rooms).toBe(2);
    expect(buildSearchDocument({ ...property, images: [] }).thumbnailUrl).toBeNull();
  });

  it('keeps how staff checked who controls the property, and nothing for an unknown kind', () => {
    expect(buildSearchDocument(property).controlKind).toBeNull();
    expect(buildSearchDocument({ ...property, controlKind: 'caretaker' }).controlKind).toBe('caretaker');
    expect(buildSearchDocument({ ...property, controlKind: 'owner' }).controlKind).toBe('owner');
    expect(buildSearchDocument({ ...property, controlKind: 'landlord' }).controlKind).toBeNull();
  });

  it('keeps the approximate area centre, never the exact pin, and nothing without both coordinates', () => {
    const pinned = { ...property, pinLat: 4.0511, pinLng: 9.7679, areaLat: 4.0532, areaLng: 9.7661 };
    const doc = buildSearchDocument(pinned);
    expect(doc.area).toEqual({ lat: 4.0532, lng: 9.7661 });
    expect(JSON.stringify(doc)).not.toContain('4.0511');
    expect(JSON.stringify(doc)).not.toContain('9.7679');
    expect(buildSearchDocument(property).area).toBeNull();
    expect(buildSearchDocument({ ...property, areaLat: 4.05, areaLng: null }).area).toBeNull();
  });

  it('is public only when approved, available, not deleted and the owner is not banned', () => {
    expect(isPubliclyVisible(property, { banned: false })).toBe(true);
    expect(isPubliclyVisible(property, null)).toBe(true);
    expect(isPubliclyVisible(property, { banned: true })).toBe(false);
    expect(isPubliclyVisible({ ...property, isVerified: false }, null)).toBe(false);
    expect(isPubliclyVisible({ ...property, reviewState: 'rejected' }, null)).toBe(false);
    expect(isPubliclyVisible({ ...property, status: 'rented' }, null)).toBe(false);
    expect(isPubliclyVisible({ ...property, deletedAt: new Date() }, null)).toBe(false);
  });
});

import { normalizeSearchQuery } from '../search-index.js';
import {
  buildMeiliFilter,
  buildMeiliSearchParams,
  fromMeiliHit,
  MEILI_SETTINGS,
  meiliString,
  toMeiliDocument,
} from '../meili-settings.js';
import { doc } from './fixtures.js';

describe('Meilisearch filter builder', () => {
  it('always hides removal tombstones', () => {
    expect(buildMeiliFilter(normalizeSearchQuery({}))).toEqual(['removed = false']);
  });

  it('maps every filter, with towns folded and types canonical', () => {
    const q = normalizeSearchQuery({
      category: 'Commercial',
      propertyType: 'guest house',
      town: 'Yaoundé',
      rooms: 3,
      minPrice: 1000,
      maxPrice: 250000,
    });
    expect(buildMeiliFilter(q)).toEqual([
      'removed = false',
      'category = "commercial"',
      'propertyType = "Guest House"',
      'townKey = "yaounde"',
      'rooms >= 3',
      'price >= 1000',
      'price <= 250000',
    ]);
  });

  it('escapes quotes and backslashes in user strings', () => {
    expect(meiliString('a"b\\c')).toBe('"a\\"b\\\\c"');
    const filter = buildMeiliFilter(normalizeSearchQuery({ town: 'x" OR category = "residential' }));
    expect(filter[1]).toBe('townKey = "x\\" or category = \\"residential"');
    const evil = buildMeiliFilter(normalizeSearchQuery({ town: 'x\\" OR 1 = 1' }))[1];
    // The literal ends only at the last quote: every inner quote is preceded by an escaped-backslash pair or an escape.
    expect(evil).toBe('townKey = "x\\\\\\" or 1 = 1"');
  });

  it('drops empty and nonsense filter values', () => {
    const q = normalizeSearchQuery({ town: '  ', category: '', rooms: 0, minPrice: -5, maxPrice: Number.NaN });
    expect(buildMeiliFilter(q)).toEqual(['removed = false']);
  });
});

describe('Meilisearch search parameters', () => {
  it('sorts newest first without text', () => {
    expect(buildMeiliSearchParams(normalizeSearchQuery({ page: 2, limit: 20 }))).toMatchObject({
      q: null,
      sort: ['createdAt:desc'],
      page: 2,
      hitsPerPage: 20,
      matchingStrategy: 'all',
    });
  });

  it('ranks by relevance with text, folding accents and case', () => {
    const params = buildMeiliSearchParams(normalizeSearchQuery({ search: '  Résidence YAOUNDÉ ' }));
    expect(params.q).toBe('residence yaounde');
    expect(params.sort).toBeUndefined();
    expect(params.showRankingScore).toBe(true);
  });

  it('searches the same words as PostgreSQL: no filler words, no text without a word', () => {
    expect(buildMeiliSearchParams(normalizeSearchQuery({ search: 'Salle de sport' })).q).toBe('salle sport');
    const none = buildMeiliSearchParams(normalizeSearchQuery({ search: ' !!! ' }));
    expect(none).toMatchObject({ q: null, sort: ['createdAt:desc'], showRankingScore: false });
  });

  it('sorts by the monthly equivalent for the price orders, ties newest first, with or without text', () => {
    for (const search of [undefined, 'studio']) {
      expect(buildMeiliSearchParams(normalizeSearchQuery({ search, sort: 'price-asc' })).sort).toEqual(['monthlyPrice:asc', 'createdAt:desc']);
      expect(buildMeiliSearchParams(normalizeSearchQuery({ search, sort: 'price-desc' })).sort).toEqual(['monthlyPrice:desc', 'createdAt:desc']);
    }
    expect(buildMeiliSearchParams(normalizeSearchQuery({ sort: 'newest' })).sort).toEqual(['createdAt:desc']);
    expect(buildMeiliSearchParams(normalizeSearchQuery({ search: 'studio', sort: 'newest' })).sort).toBeUndefined();
  });

  it('stores the monthly equivalent computed when the document was built', () => {
    expect(toMeiliDocument(doc({ price: 540_000, paymentTerm: 'yearly' })).monthlyPrice).toBe(45_000);
    expect(toMeiliDocument(doc({ price: 1_500, paymentTerm: 'daily' })).monthlyPrice).toBe(45_000);
  });

  it('caps hitsPerPage at 50 and defaults to 12', () => {
    expect(buildMeiliSearchParams(normalizeSearchQuery({ limit: 500 })).hitsPerPage).toBe(50);
    expect(buildMeiliSearchParams(normalizeSearchQuery({})).hitsPerPage).toBe(12);
  });
});

describe('Meilisearch settings', () => {
  it('searches the text fields in ranking order and filters/sorts the query fields', () => {
    expect(MEILI_SETTINGS.searchableAttributes).toEqual([
      'title', 'town', 'neighbourhood', 'propertyType', 'typeWords', 'description', 'featureWords',
    ]);
    expect(MEILI_SETTINGS.filterableAttributes).toEqual(
      expect.arrayContaining(['category', 'propertyType', 'townKey', 'rooms', 'price', 'removed']),
    );
    expect(MEILI_SETTINGS.sortableAttributes).toEqual(['createdAt', 'price', 'monthlyPrice']);
    // An explicit order (a price one) comes before relevance; without one, relevance decides.
    expect(MEILI_SETTINGS.rankingRules?.[0]).toBe('sort');
    expect(MEILI_SETTINGS.typoTolerance).toMatchObject({ enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } });
    expect(MEILI_SETTINGS.rankingRules?.at(-1)).toBe('createdAt:desc');
  });

  it('indexes the French and English words of the type, amenities and payment term (the synonyms)', () => {
    const stored = toMeiliDocument(doc({ propertyType: 'Single Room', amenities: ['electricity', 'ac'], paymentTerm: 'monthly' }));
    expect(stored.typeWords.split(' ')).toEqual(expect.arrayContaining(['single', 'room', 'chambre']));
    expect(stored.featureWords.split(' ')).toEqual(
      expect.arrayContaining(['electricity', 'electricite', 'courant', 'ac', 'air', 'conditioning', 'climatisation', 'clim', 'monthly', 'mensuel']),
    );
    expect(stored.featureWords.split(' ')).not.toContain('eau');
  });

  it('round-trips a document through its Meilisearch form', () => {
    const d = doc({ town: 'Yaoundé' });
    const stored = toMeiliDocument(d);
    expect(stored).toMatchObject({ id: d.id, townKey: 'yaounde', removed: false, createdAt: Date.parse(d.createdAt) });
    expect(fromMeiliHit({ ...stored, _rankingScore: 0.5 })).toEqual({ ...d, score: 0.5 });
  });
});

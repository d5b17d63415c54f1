import { AMENITIES, AMENITY_LABELS_FR, PAYMENT_TERMS, PROPERTY_TYPE_LABELS_FR, PROPERTY_TYPES, labelOf } from '@mboa/contracts';
import { labelWordsOf, valuesNamedBy, wordsForValue } from '../search-labels.js';
import { searchWords } from '../search-text.js';
import { SEARCH_STOP_WORDS } from '../../rules/search-words.js';

describe('search label words', () => {
  it('names every type, amenity and payment term by the words of its English and French labels', () => {
    const groups = [
      ['propertyType', PROPERTY_TYPES],
      ['amenity', AMENITIES],
      ['paymentTerm', PAYMENT_TERMS],
    ] as const;
    for (const [group, values] of groups) {
      for (const value of values) {
        const words = wordsForValue(group, value);
        for (const lang of ['en', 'fr'] as const) {
          const labelWords = searchWords(labelOf(group, value, lang)).filter((w) => !SEARCH_STOP_WORDS.has(w));
          expect(words).toEqual(expect.arrayContaining(labelWords));
        }
      }
    }
  });

  it('folds accents and leaves filler words out', () => {
    expect(AMENITY_LABELS_FR.electricity).toBe('Électricité');
    expect(wordsForValue('amenity', 'electricity')).toEqual(expect.arrayContaining(['electricity', 'electricite', 'courant']));
    expect(wordsForValue('amenity', 'gym')).toEqual(['gym', 'salle', 'sport']);
    expect(PROPERTY_TYPE_LABELS_FR['Guest House']).toContain('d\u2019hôtes');
    expect(wordsForValue('propertyType', 'Guest House')).toEqual(['guest', 'house', 'maison', 'hotes']);
  });

  it('splits a document’s words into its type (ranked with the place) and its features', () => {
    const words = labelWordsOf({ propertyType: 'shop', amenities: ['water'], paymentTerm: 'monthly' });
    expect(words.type).toEqual(expect.arrayContaining(['shop', 'boutique', 'magasin']));
    expect(words.features).toEqual(expect.arrayContaining(['water', 'eau', 'monthly', 'mensuel']));
    expect(words.features).not.toContain('shop');
  });

  it('finds the stored values a whole search text names, in either language', () => {
    expect(valuesNamedBy('propertyType', PROPERTY_TYPES, 'Chambre')).toEqual(['Single Room']);
    expect(valuesNamedBy('propertyType', PROPERTY_TYPES, 'magasin')).toEqual(['shop', 'warehouse']);
    expect(valuesNamedBy('amenity', AMENITIES, 'ÉLECTRICITÉ')).toEqual(['electricity']);
    expect(valuesNamedBy('amenity', AMENITIES, 'salle de sport')).toEqual(['gym']);
    expect(valuesNamedBy('amenity', AMENITIES, 'de')).toEqual([]);
    expect(valuesNamedBy('amenity', AMENITIES, 'eau chaude')).toEqual([]);
    expect(valuesNamedBy('amenity', AMENITIES, '  ')).toEqual([]);
  });
});

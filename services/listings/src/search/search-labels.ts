// Both languages in search: a property is found by the words of its stored values' labels in
// English and French ('apartment' → 'Apartment', 'Appartement'), plus a few words people here use
// (rules/search-words.ts). The words are added to the document when it is indexed, in both adapters,
// so a search stays one lookup per query word (no list of synonyms OR-ed into every query) and the
// typo tolerance applies to them like to any indexed word. After changing labels or these words,
// the next listings start rewrites the stored documents (indexer/search-words-refresh.ts).
import { LANGUAGES, labelOf } from '@mboa/contracts';
import { SEARCH_ALTERNATIVES, SEARCH_STOP_WORDS } from '../rules/search-words.js';
import type { SearchDocument } from './search-document.js';
import { searchWords } from './search-text.js';

type LabelGroup = 'propertyType' | 'amenity' | 'paymentTerm';

function namesOf(group: LabelGroup, value: string): string[] {
  const alternatives = (SEARCH_ALTERNATIVES[group] as Readonly<Record<string, readonly string[] | undefined>>)[value] ?? [];
  return [value, ...LANGUAGES.map((lang) => labelOf(group, value, lang)), ...alternatives];
}

const wordsForValues = new Map<string, readonly string[]>();

/**
 * The folded words that name a stored value: the value itself, its labels and its alternatives.
 * Remembered per value (a few dozen): indexing 100,000 documents asked for the same ones each time.
 */
export function wordsForValue(group: LabelGroup, value: string): string[] {
  const key = `${group}\u0000${value}`;
  let words = wordsForValues.get(key);
  if (!words) {
    words = [...new Set(searchWords(namesOf(group, value).join(' ')).filter((w) => !SEARCH_STOP_WORDS.has(w)))];
    wordsForValues.set(key, words);
  }
  return [...words];
}

/**
 * The label words of a document: `type` ranks with the town and neighbourhood (the type is part of
 * what a card is), `features` (amenities, payment term) with the description.
 */
export function labelWordsOf(doc: Pick<SearchDocument, 'propertyType' | 'amenities' | 'paymentTerm'>): {
  type: string[];
  features: string[];
} {
  const features = [
    ...doc.amenities.flatMap((a) => wordsForValue('amenity', a)),
    ...wordsForValue('paymentTerm', doc.paymentTerm),
  ];
  return { type: wordsForValue('propertyType', doc.propertyType), features: [...new Set(features)] };
}

/** The names of a stored value as whole folded phrases ('salle de sport', 'maison d hotes', 'eau'). */
function namesForValue(group: LabelGroup, value: string): Set<string> {
  const phrases = namesOf(group, value).map((p) => searchWords(p).join(' '));
  return new Set([...phrases, ...wordsForValue(group, value)]);
}

/**
 * The stored values a search text names, in either language, whatever its accents and case: a
 * filter over stored columns (the admin list) matches these values besides its text match.
 */
export function valuesNamedBy<V extends string>(group: LabelGroup, values: readonly V[], search: string): V[] {
  const phrase = searchWords(search).join(' ');
  if (!phrase) return [];
  return values.filter((v) => namesForValue(group, v).has(phrase));
}

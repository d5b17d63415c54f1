// The words fingerprint: a hash of everything that decides the words a stored document is found by
// besides its own text (every label word, the alternatives and stop words of rules/search-words.ts)
// and of the document format. An index written under another fingerprint holds stale words; the
// listings start-up then rewrites its documents in place (indexer/search-words-refresh.ts).
import { createHash } from 'node:crypto';
import { AMENITIES, PAYMENT_TERMS, PROPERTY_TYPES } from '@mboa/contracts';
import { SEARCH_STOP_WORDS } from '../rules/search-words.js';
import { SEARCH_DOCUMENT_FORMAT } from './search-constants.js';
import { wordsForValue } from './search-labels.js';

/** The key the fingerprint is stored under, beside the index. */
export const WORDS_FINGERPRINT_KEY = 'words_fingerprint';

export function searchWordsFingerprint(): string {
  const words = {
    format: SEARCH_DOCUMENT_FORMAT,
    propertyType: PROPERTY_TYPES.map((v) => [v, wordsForValue('propertyType', v)]),
    amenity: AMENITIES.map((v) => [v, wordsForValue('amenity', v)]),
    paymentTerm: PAYMENT_TERMS.map((v) => [v, wordsForValue('paymentTerm', v)]),
    stopWords: [...SEARCH_STOP_WORDS].sort(),
  };
  return createHash('sha256').update(JSON.stringify(words)).digest('hex').slice(0, 32);
}

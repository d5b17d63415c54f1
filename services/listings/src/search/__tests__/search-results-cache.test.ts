import type { SearchResponse } from '@mboa/contracts';
import { SearchResultsCache } from '../search-results-cache.js';

const answer = (total: number): SearchResponse => ({ properties: [], total, totalIsLowerBound: false, page: 1, totalPages: 1 });

test('answers a repeated search until it expires', () => {
  const cache = new SearchResultsCache();
  cache.set('q', answer(3), cache.current(), 1_000);
  expect(cache.get('q', 2_000)?.total).toBe(3);
  expect(cache.get('q', 3_001)).toBeUndefined();
});

test('any index write forgets every cached answer', () => {
  const cache = new SearchResultsCache();
  cache.set('a', answer(1), cache.current());
  cache.set('b', answer(2), cache.current());
  cache.invalidate();
  expect(cache.get('a')).toBeUndefined();
  expect(cache.get('b')).toBeUndefined();
});

test('an answer computed while the index changed is not kept', () => {
  const cache = new SearchResultsCache();
  const generation = cache.current();
  cache.invalidate(); // a write lands while the search runs
  cache.set('q', answer(5), generation);
  expect(cache.get('q')).toBeUndefined();
});

test('keeps at most 1,000 answers, forgetting the one asked for least recently', () => {
  const cache = new SearchResultsCache();
  for (let i = 0; i < 1_000; i++) cache.set(`q${i}`, answer(i), cache.current(), 1_000);
  expect(cache.get('q0', 1_001)?.total).toBe(0); // the home page, asked again
  cache.set('q1000', answer(1_000), cache.current(), 1_002);
  expect(cache.get('q0', 1_003)?.total).toBe(0);
  expect(cache.get('q1', 1_003)).toBeUndefined();
  expect(cache.get('q1000', 1_003)?.total).toBe(1_000);
});

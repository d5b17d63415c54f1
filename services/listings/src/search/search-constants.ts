// The search port's own tuning. Product limits (page size 12, at most 50) come from @mboa/contracts.
import { LIMITS } from '@mboa/contracts';

export const SEARCH_PAGE = {
  defaultLimit: LIMITS.search.pageSize,
  maxLimit: LIMITS.search.maxPageSize,
  exactCountUpTo: LIMITS.search.exactCountUpTo,
} as const;

export const SEARCH_TEXT = {
  /** Longer search entries are cut (the gateway already refuses more than 200 characters). */
  maxQueryLength: 200,
  maxQueryWords: 10,
  maxWordLength: 40,
  /** Meilisearch's defaults, used by both adapters: one typo from 5 letters, two from 9. */
  oneTypoFrom: 5,
  twoTyposFrom: 9,
  /** Words kept in the PostgreSQL adapter's vocabulary (search_terms): shorter ones never get typo help. */
  minTermLength: 3,
  maxTermLength: 40,
  /** Near words tried per query word, best first. */
  maxTypoExpansions: 20,
} as const;

/** Rows per statement when (re)indexing many documents. */
export const SEARCH_BATCH_SIZE = 500;

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

/**
 * Bump by hand whenever what a stored document holds or how its text is derived changes (a new
 * field searched, another fold): it is part of the words fingerprint (search-fingerprint.ts), so
 * the next start rewrites every stored document in the new shape.
 */
export const SEARCH_DOCUMENT_FORMAT = 4; // 2: monthlyPrice, for the price orders; 3: controlKind, for the controlChecked filter; 4: area, for boxes and distances

/** The start-up rewrite of stored documents after a words change (indexer/search-words-refresh.ts). */
export const SEARCH_WORDS_REFRESH = {
  /** Advisory lock name (with the schema): one replica refreshes, the others skip. */
  lockName: 'search-words-refresh',
  /** The lock's transaction ends after this long; far above a refresh of 100,000 documents. */
  lockTimeoutMs: 2 * 60 * 60 * 1000,
} as const;

/** Each replica's copy in memory (replicated-search-index.ts). */
export const SEARCH_REPLICA = {
  /**
   * How often a copy compares itself with search_documents, in case a broadcast was lost (two small
   * aggregate statements; changes normally arrive by broadcast within milliseconds).
   */
  reconcileMs: 10_000,
} as const;

/** Search cards kept in each replica's memory (properties/public-cards.ts). */
export const PUBLIC_CARDS = {
  /** About 1.5 KB each. */
  max: 20_000,
  /** A bound on a change whose announcement was lost; announced changes drop a card at once. */
  ttlMs: 60_000,
} as const;

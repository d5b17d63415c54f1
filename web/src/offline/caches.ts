import { sessionMarkIn } from '@mboa/contracts';

/**
 * What the service worker (web/src/sw.ts) and the app agree on: the names of its caches, the
 * shell it falls back to, and the message it sends a page about each API answer.
 */
export const API_CACHES = {
  /** Hashed scripts fetched after install (other routes, the language texts). */
  assets: 'mboa-assets',
  /** The last search answers, one entry per address (filters and page). */
  searches: 'mboa-searches',
  /** Listings' details (GET /api/properties/:id). */
  details: 'mboa-details',
  /** The cards of a visitor's favourites (GET /api/favourites/cards). */
  favourites: 'mboa-favourites',
  /** The signed-in person and their favourites (GET /api/me, /api/favourites, /api/favourites/ids). */
  account: 'mboa-account',
  /** Photos under /media/. */
  photos: 'mboa-photos',
} as const;

/** The precached page the service worker answers a navigation with when the network fails. */
export const SHELL_URL = '/index.html';

export const ANSWER_MESSAGE = 'mboa:answer';
/** Posted to the page for each search or details answer: from the network, or from the phone's cache. */
export interface AnswerMessage {
  type: typeof ANSWER_MESSAGE;
  source: 'network' | 'cache';
}

/** Asks the service worker to keep these already-fetched scripts (workbox-routing's own message). */
export const CACHE_URLS_MESSAGE = 'CACHE_URLS';

/** The account's answers the worker keeps (API_CACHES.account): who is signed in and their favourites. */
export const ACCOUNT_ANSWERS = ['/api/me', '/api/favourites/ids', '/api/favourites'];

/** On each kept account answer: the session mark it was fetched under (docs/api.md#sessions-and-cookies). */
export const KEPT_FOR_SESSION = 'x-mboa-kept-for-session';
/** On each kept account answer: when it was fetched (ms since the epoch). */
export const KEPT_AT = 'x-mboa-kept-at';

/**
 * Drops the answers kept for the person who signed out (who they are, their favourites, details,
 * which show an owner their own pending listing, and favourite cards), so the next person on this
 * phone never reads them offline.
 */
export async function forgetPersonalAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([API_CACHES.details, API_CACHES.favourites, API_CACHES.account].map((name) => caches.delete(name)));
}

/**
 * The same, only when an account's answers were kept: a session that ended any other way than
 * Logout (a closed browser, the idle timeout, a logout elsewhere, a ban, a password reset) leaves
 * them behind. A visitor who never signed in keeps the listings read for offline.
 */
export async function forgetKeptAccount(): Promise<void> {
  if (typeof caches === 'undefined' || !(await caches.has(API_CACHES.account))) return;
  await forgetPersonalAnswers();
}

/**
 * At start-up, before the page asks who is signed in: a browser that holds no session (no session
 * mark: the browser was closed, the cookie expired) drops what the worker kept for the last one,
 * whatever browser runs the worker.
 */
export function forgetAccountWithoutSession(): Promise<void> | undefined {
  // Nothing to wait for (a session, or no caches at all): the lookup leaves at once.
  if (typeof caches === 'undefined' || typeof document === 'undefined' || sessionMarkIn(document.cookie) !== null) return undefined;
  return forgetKeptAccount();
}

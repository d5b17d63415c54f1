/// <reference lib="webworker" />
/**
 * The service worker's handling of the account's answers (who is signed in, their favourites), so
 * that a shared phone never shows one person's details to the next (docs/architecture.md#offline-and-installable):
 * - always asked of the network, however slow: a slow answer is never replaced by a kept one;
 * - a 401 drops everything kept for the account (the session ended: a closed browser, the idle
 *   timeout, a logout elsewhere, a ban, a password reset);
 * - kept only from a 200, with the session mark it was fetched under and when;
 * - read back only when the network fails, and only while the browser still holds that same session
 *   (its mark, read with the Cookie Store API) and for no longer than a session can last.
 */
import { LIMITS, SESSION_MARK_NAMES } from '@mboa/contracts';
import { API_CACHES, forgetKeptAccount, KEPT_AT, KEPT_FOR_SESSION } from './caches.js';

declare let self: ServiceWorkerGlobalScope & { cookieStore?: CookieStore };

export interface AccountAnswer {
  response: Response;
  fromCache: boolean;
}

/**
 * The session mark this browser holds now; null when none; undefined when the worker cannot read
 * cookies (no Cookie Store API in workers: then the page's start-up check is the guard).
 */
async function currentMark(): Promise<string | null | undefined> {
  const store = self.cookieStore;
  if (!store) return undefined;
  try {
    for (const name of SESSION_MARK_NAMES) {
      const cookie = await store.get(name);
      if (cookie?.value) return cookie.value;
    }
    return null;
  } catch {
    return undefined;
  }
}

async function keep(request: Request, response: Response): Promise<void> {
  const headers = new Headers(response.headers);
  const mark = await currentMark();
  if (mark) headers.set(KEPT_FOR_SESSION, mark);
  headers.set(KEPT_AT, String(Date.now()));
  const body = await response.arrayBuffer();
  const cache = await caches.open(API_CACHES.account);
  // One copy per address, whichever language it was asked in (the page's or the worker's own).
  await cache.delete(request.url, { ignoreVary: true });
  await cache.put(request.url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

/** The kept answer when it belongs to the session this browser still holds; otherwise everything kept goes. */
async function keptForThisSession(request: Request): Promise<Response | undefined> {
  if (!(await caches.has(API_CACHES.account))) return undefined;
  const kept = await (await caches.open(API_CACHES.account)).match(request.url, { ignoreVary: true });
  if (!kept) return undefined;
  const mark = await currentMark();
  const keptAt = Number(kept.headers.get(KEPT_AT));
  const sameSession = mark === undefined || (mark !== null && kept.headers.get(KEPT_FOR_SESSION) === mark);
  if (sameSession && Date.now() - keptAt < LIMITS.session.rememberMeMs) return kept;
  await forgetKeptAccount();
  return undefined;
}

/** Answers a GET of one of the account's addresses; rejects when offline with nothing to show. */
export async function answerForAccount(request: Request): Promise<AccountAnswer> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await keptForThisSession(request);
    if (kept) return { response: kept, fromCache: true };
    throw error;
  }
  if (response.status === 401) await forgetKeptAccount();
  else if (response.ok) await keep(request, response.clone());
  return { response, fromCache: false };
}

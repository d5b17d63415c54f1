import { PAGE_STATE_ID, type Language } from '@mboa/contracts';
import { hashKey, type DehydratedState, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@mboa/web-core';

/**
 * What the server used to draw a page, handed to the browser so it takes the page over (hydrates)
 * without asking for the same data again. It travels in a `<script type="application/json">` data
 * block (never run, so the Content-Security-Policy needs no `unsafe-inline`), serialised by the
 * gateway so that nothing in it can close the block (gateway/src/static/server-render.ts).
 */
export interface PageState {
  /** The language the page was drawn in: the browser starts in the same one, or its texts would differ. */
  language: Language;
  /** The TanStack Query cache the page was drawn from (successful reads only). */
  queries: DehydratedState;
  /** Reads that answered "not found" (a listing that left search): drawn as such, not asked again. */
  missing: QueryKey[];
}

let read: { state: PageState | null } | undefined;

/** The page's state, when the server drew it; null for the client-rendered page (or a damaged block). Read once. */
export function readPageState(): PageState | null {
  if (read) return read.state;
  read = { state: null };
  if (typeof document === 'undefined') return null;
  const block = document.getElementById(PAGE_STATE_ID);
  if (!block?.textContent) return null;
  try {
    const state = JSON.parse(block.textContent) as PageState;
    if (state && typeof state === 'object' && state.queries && Array.isArray(state.missing)) read.state = state;
  } catch {
    /* a damaged block: the browser draws the page itself */
  }
  return read.state;
}

/** The reads the page came with, and when they were put in the cache. */
const fromPage = new Map<string, number>();
/**
 * How long a read the page came with counts as just read. Taking the page over happens within it
 * (TanStack Query asks `refetchOnMount` more than once per mount, so a one-time pass would not do);
 * a visit back to the screen later reads again, as before.
 */
const FRESH_FROM_PAGE_MS = 10_000;

/**
 * Puts a page's reads into the browser's cache. A read the server found missing is put in as the
 * same 404 the API would have answered, so the page shows "not found" as it was drawn.
 */
export function seedFromPage(client: QueryClient, state: PageState, hydrate: (client: QueryClient, state: DehydratedState) => void, notFound: string): void {
  hydrate(client, state.queries);
  const now = Date.now();
  for (const query of state.queries.queries) fromPage.set(query.queryHash, now);
  for (const queryKey of state.missing) {
    const query = client.getQueryCache().build(client, { queryKey });
    query.setState({ status: 'error', error: new ApiError(404, notFound), errorUpdatedAt: Date.now(), fetchStatus: 'idle' });
    fromPage.set(query.queryHash, now);
  }
}

/**
 * Whether a read came with the page a moment ago (or is being drawn on the server): its screen
 * shows it as it is, found or "not found", and neither reads it again on mounting nor retries a
 * "not found" (TanStack Query would, and show a skeleton meanwhile, unlike the page drawn). A
 * later visit to the screen reads again, as before.
 */
export function servedWithPage(queryKey: QueryKey): boolean {
  if (typeof document === 'undefined') return true;
  const seeded = fromPage.get(hashKey(queryKey));
  return seeded !== undefined && Date.now() - seeded <= FRESH_FROM_PAGE_MS;
}

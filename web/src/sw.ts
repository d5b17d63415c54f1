/// <reference lib="webworker" />
/**
 * The public app's service worker (built by vite-plugin-pwa from this file, served as /sw.js).
 * What it keeps on the phone, and why (docs/architecture.md#offline-and-installable):
 * - the shell, precached at install: the entry, its CSS and the details page's scripts (the list
 *   is chosen in web/pwa.config.ts); the language texts the page loaded are added by the page
 *   itself (CACHE_URLS, from the browser's HTTP cache: no second download);
 * - pages: always asked of the network first (the gateway fills each page's head), the cached
 *   shell only when the network fails or is too slow;
 * - the last searches and the listings read or hearted (JSON and photos), network first, for
 *   reading offline (web/src/offline/keep-favourites.ts fetches a hearted listing once);
 * - the signed-in account's answers, for its session only (web/src/offline/account-answers.ts).
 * Admin (/admin/), /api/ and /media/ navigations are never answered with the shell.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { answerForAccount } from './offline/account-answers.js';
import { ACCOUNT_ANSWERS, API_CACHES, ANSWER_MESSAGE, SHELL_URL, type AnswerMessage } from './offline/caches.js';

declare let self: ServiceWorkerGlobalScope;

const DAY = 24 * 60 * 60;
/** A page slower than this on a bad connection is drawn from the cached shell instead. */
const PAGE_TIMEOUT_MS = 6000;
/** An API answer slower than this is read from the cache when it holds one (then refreshed). */
const API_TIMEOUT_SECONDS = 5;

// A new version takes over at once: its precache holds the scripts the new pages ask for.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

/** Tells the page whether an API answer came from the network or from this phone's cache. */
function tell(clientId: string | undefined, source: AnswerMessage['source']): void {
  if (!clientId) return;
  void self.clients.get(clientId).then((client) => client?.postMessage({ type: ANSWER_MESSAGE, source } satisfies AnswerMessage));
}

const reportSource: WorkboxPlugin = {
  cachedResponseWillBeUsed: ({ cachedResponse, state }) => {
    if (cachedResponse && state) state.fromCache = true;
    return Promise.resolve(cachedResponse ?? null);
  },
  handlerWillRespond: ({ event, response, state }) => {
    tell((event as FetchEvent).clientId, state?.fromCache ? 'cache' : 'network');
    return Promise.resolve(response);
  },
};

// Pages first, before the precache's own route: `/` must come from the network (language, preloads).
registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      try {
        const response = await fetchWithin(request, PAGE_TIMEOUT_MS);
        if (response.status < 500) return response;
      } catch {
        // offline, or too slow: the shell below
      }
      const shell = await matchPrecache(SHELL_URL);
      if (!shell) return Response.error();
      tell((event as FetchEvent).resultingClientId, 'cache');
      return shell;
    },
    { denylist: [/^\/admin(\/|$)/, /^\/api(\/|$)/, /^\/media\//, /^\/sw\.js$/] },
  ),
);

precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

// Scripts of the public app not precached (other routes, the language texts): they carry their
// hash in their name, so a copy never goes stale. Only those the phone has already fetched.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: API_CACHES.assets, plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })] }),
);

// The last searches (each page of results its own entry): the newest answer when online.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/properties/search',
  new NetworkFirst({
    cacheName: API_CACHES.searches,
    networkTimeoutSeconds: API_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }), reportSource],
  }),
);

// A listing's details (not its similar listings, reports or other sub-paths).
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && /^\/api\/properties\/[^/]+$/.test(url.pathname) && url.pathname !== '/api/properties/search',
  new NetworkFirst({
    cacheName: API_CACHES.details,
    networkTimeoutSeconds: API_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }), reportSource],
  }),
);

// The cards of a visitor's favourites (the device's list, no account: /favourites reads them).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/favourites/cards',
  new NetworkFirst({
    cacheName: API_CACHES.favourites,
    networkTimeoutSeconds: API_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 5, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }), reportSource],
  }),
);

// Who is signed in and their favourites: offline, the account's /favourites still opens with its
// cards. Never because the network is slow, only while this browser still holds the session they
// were fetched under, and dropped at the first 401 (offline/account-answers.ts).
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && ACCOUNT_ANSWERS.includes(url.pathname),
  async ({ request, event }) => {
    try {
      const { response, fromCache } = await answerForAccount(request);
      tell((event as FetchEvent).clientId, fromCache ? 'cache' : 'network');
      return response;
    } catch {
      return Response.error();
    }
  },
);

// Photos never change under their address (the gateway sends them immutable).
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.mode !== 'navigate' && url.pathname.startsWith('/media/'),
  new CacheFirst({ cacheName: API_CACHES.photos, plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })] }),
);

function fetchWithin(request: Request, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    fetch(request).then(
      (response) => (clearTimeout(timer), resolve(response)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
}

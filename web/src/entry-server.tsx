/**
 * The web app's server renderer, built apart (`vite build --ssr`, into `dist/.ssr/`) and loaded by
 * the gateway (gateway/src/static/server-render.ts). It draws the public pages (the routes whose
 * handle says `serverRendered`) in the visit's language with React's server renderer, from data the
 * gateway read over NATS with the same rules as the API, and returns that data for the browser to
 * take the page over without asking again (web/src/page-state.ts). Signed-in pages are not drawn.
 */
import type { Language, MapTiles } from '@mboa/contracts';
import { setMapTiles } from '@mboa/ui/map-tiles.js';
import { ApiError, createQueryClient, I18nProvider, startServerI18n } from '@mboa/web-core';
import { dehydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { SearchParams } from './api/endpoints.js';
import { AppProviders } from './AppProviders.js';
import { EMPTY_FILTERS, filtersFromAddress, toSearchParams } from './home/filters.js';
import { bundle as en } from './i18n/bundle.en.js';
import { bundle as fr } from './i18n/bundle.fr.js';
import type { PageState } from './page-state.js';
import { searchKey } from './pages/Home.js';
import { propertyKey } from './pages/queryKeys.js';
import { routes, type RouteHandle } from './router.js';

/** One read a page needs before it can be drawn; the gateway asks the service for it. */
export type PageRead =
  | { key: QueryKey; ask: { kind: 'search'; query: SearchParams } }
  | { key: QueryKey; ask: { kind: 'property'; id: string } };

/** A read's outcome, in the order of the page's reads: its answer, or "not found" (the API's 404). */
export type PageAnswer = { found: true; data: unknown } | { found: false };

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** For the page's data block. */
  state: PageState;
  /** The source modules of the routes drawn (build-manifest names), whose chunks the page preloads. */
  modules: string[];
  /** 404 for an unknown address or a listing that is not (or no longer) public. */
  status: 200 | 404;
}

const i18n = startServerI18n({ en, fr });
const handler = createStaticHandler(routes);

/** The leaf route of an address, when the server draws it. */
function drawnRoute(url: URL) {
  const matches = matchRoutes(routes, url.pathname);
  const leaf = matches?.at(-1);
  const handle = leaf?.route.handle as RouteHandle | undefined;
  return leaf && handle?.serverRendered ? { leaf, handle } : null;
}

/** What the page at `url` needs read first; null when the server does not draw it (the browser will). */
export function pageReads(url: URL): PageRead[] | null {
  const drawn = drawnRoute(url);
  if (!drawn) return null;
  if (drawn.handle.module === 'src/pages/Home.tsx') {
    const filters = filtersFromAddress(url.search) ?? EMPTY_FILTERS;
    return [{ key: searchKey(filters), ask: { kind: 'search', query: toSearchParams(filters, 1) } }];
  }
  const id = drawn.leaf.params.id;
  if (drawn.handle.module === 'src/pages/PropertyDetails.tsx' && id) return [{ key: propertyKey(id), ask: { kind: 'property', id } }];
  return [];
}

function cacheOf(reads: PageRead[], answers: PageAnswer[], language: Language): QueryClient {
  const client = createQueryClient();
  reads.forEach((read, index) => {
    const answer = answers[index];
    if (!answer) throw new Error(`No answer for the page's read ${index}`);
    if (answer.found) {
      // The home page's search is an infinite query: its first page.
      client.setQueryData(read.key, read.ask.kind === 'search' ? { pages: [answer.data], pageParams: [1] } : answer.data);
    } else {
      const query = client.getQueryCache().build(client, { queryKey: read.key });
      const notFound = (language === 'fr' ? fr : en).messages.property.notFound;
      query.setState({ status: 'error', error: new ApiError(404, notFound), errorUpdatedAt: Date.now(), fetchStatus: 'idle' });
    }
  });
  return client;
}

/** Draws the page at `url` (absolute) from the answers to its reads; null when it is not drawn here. */
export async function renderPage(input: { url: string; language: Language; answers: PageAnswer[]; mapTiles?: MapTiles }): Promise<RenderedPage | null> {
  // The gateway's MAP_TILE_URL: a details page's static map draws the tiles the browser will load.
  setMapTiles(input.mapTiles);
  const url = new URL(input.url);
  const drawn = drawnRoute(url);
  const reads = pageReads(url);
  if (!drawn || !reads) return null;
  const context = await handler.query(new Request(url));
  // A redirect or a thrown answer: the browser's router handles it.
  if (context instanceof Response) return null;
  const client = cacheOf(reads, input.answers, input.language);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <I18nProvider i18n={i18n[input.language]}>
      <AppProviders queryClient={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </I18nProvider>,
  );
  const missing = reads.filter((_, index) => !input.answers[index]?.found).map((read) => read.key);
  const notFound = drawn.leaf.route.path === '*' || missing.length > 0;
  const modules = context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.module).filter((m): m is string => Boolean(m));
  const queries = dehydrate(client);
  client.clear();
  return {
    html,
    state: { language: input.language, queries, missing },
    modules,
    status: notFound ? 404 : 200,
  };
}

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Logger } from '@nestjs/common';
import type { Request } from 'express';
import { LISTINGS_PATTERNS, MAP_TILES_DEFAULT, searchQuerySchema, type Language, type MapTiles, type PropertyRead, type SearchQuery, type SearchResponse } from '@mboa/contracts';
import { RpcCallError, type RpcClient } from '@mboa/platform';
import type { PublicSearchAnswers } from '../properties/public-search-answers.js';
import { sessionCookieName } from '../auth/session-cookie.js';
import { safeJson } from './safe-json.js';

/** What the web app's server renderer (web/src/entry-server.tsx, built to dist/.ssr/) offers. */
interface WebRenderer {
  pageReads(url: URL): PageRead[] | null;
  renderPage(input: { url: string; language: Language; answers: PageAnswer[]; mapTiles?: MapTiles }): Promise<RenderedPage | null>;
}
type PageRead = { ask: { kind: 'search'; query: Record<string, unknown> } } | { ask: { kind: 'property'; id: string } };
type PageAnswer = { found: true; data: unknown } | { found: false };
interface RenderedPage {
  html: string;
  state: unknown;
  modules: string[];
  status: number;
}

/** A page the server drew: what goes into `#root`, its data block, and what the head needs. */
export interface DrawnPage {
  root: string;
  /** The page's data as a `<script type="application/json">` body: already safe to put in the HTML. */
  stateJson: string;
  status: 200 | 404;
  /** The route modules drawn (build-manifest names): their chunks are preloaded. */
  modules: string[];
  /** The listing a details page shows. */
  property?: PropertyRead;
  /** The first results of the home page. */
  search?: SearchResponse;
}

/** How long a page waits for a service before the browser draws it instead (as before this renderer). */
const READ_WAIT_MS = 1500;
/** The renderer's file inside the web app's build. */
const RENDERER = path.join('.ssr', 'entry-server.js');
/** Link-preview fetchers and crawlers draw pages too, but nobody looks at a listing through them. */
const NOT_A_VIEWER = /bot|crawl|spider|slurp|facebookexternalhit|whatsapp|preview|lighthouse/i;

/**
 * Draws the web app's public pages on the server (docs/architecture.md#server-rendered-pages): it
 * reads what a page needs over NATS with the visibility of the public API (no actor: a visitor not
 * signed in), hands it to the web app's renderer, and returns the markup and the data for the
 * browser. Anything that goes wrong (no renderer built, a slow or absent service, a render error)
 * gives null, and the visitor gets the client-rendered page as before: never a 500.
 * A signed-in visitor (session cookie) also gets the client-rendered page: what they may see
 * (their own pending listing) and their navigation differ from a stranger's.
 */
export class ServerRender {
  private readonly logger = new Logger('server-render');
  private loaded: { mtimeMs: number; renderer: Promise<WebRenderer | null> } | undefined;

  constructor(
    private readonly dist: string,
    private readonly services: RpcClient,
    private readonly onView: (req: Request, propertyId: string) => void,
    /** A search page drawn is a renter's search, counted for staff's figures as the API counts one. */
    private readonly onSearch: (query: SearchQuery, total: number) => void,
    private readonly searches: Pick<PublicSearchAnswers, 'search'>,
    /** A details page's static map draws these tiles, as the browser would. */
    private readonly mapTiles: MapTiles = MAP_TILES_DEFAULT,
  ) {}

  async page(req: Request, language: Language, origin: string): Promise<DrawnPage | null> {
    const cookies = (req.cookies ?? {}) as Record<string, unknown>;
    if (cookies[sessionCookieName(false)] || cookies[sessionCookieName(true)]) return null;
    const renderer = await this.renderer();
    if (!renderer) return null;
    try {
      const url = new URL(req.originalUrl, origin);
      const reads = renderer.pageReads(url);
      if (!reads) return null;
      const asked = await Promise.all(reads.map((read) => this.answer(read)));
      const answers = asked.map((a) => a.answer);
      const rendered = await renderer.renderPage({ url: url.href, language, answers, mapTiles: this.mapTiles });
      if (!rendered) return null;
      const drawn: DrawnPage = {
        root: rendered.html,
        stateJson: safeJson(rendered.state),
        status: rendered.status === 404 ? 404 : 200,
        modules: rendered.modules,
      };
      reads.forEach((read, index) => {
        const answer = answers[index];
        if (!answer?.found) return;
        if (read.ask.kind === 'property') {
          drawn.property = answer.data as PropertyRead;
          // Counted for the owner's insights as the details call counts it (docs/api.md#owner-insights).
          if (!NOT_A_VIEWER.test(req.headers['user-agent'] ?? '')) this.onView(req, drawn.property.id);
        } else {
          drawn.search = answer.data as SearchResponse;
          // Counted once the page is drawn: a page drawn by the browser instead asks the API, which counts it;
          // the browser taking a drawn page over does not ask again (web/src/pages/Home.tsx refetchOnMount).
          const query = asked[index]?.query;
          if (query && !NOT_A_VIEWER.test(req.headers['user-agent'] ?? '')) this.onSearch(query, drawn.search.total);
        }
      });
      return drawn;
    } catch (error) {
      // A refused filter (the API would answer 400) is the browser's to show; anything else is logged.
      if (!(error instanceof RpcCallError) || error.status >= 500) {
        this.logger.warn(`Page ${req.path} drawn by the browser instead: ${error instanceof Error ? error.message : String(error)}`);
      }
      return null;
    }
  }

  private async answer(read: PageRead): Promise<{ answer: PageAnswer; query?: SearchQuery }> {
    if (read.ask.kind === 'search') {
      // As the browser's call leaves out empty values (web/src/api), so the same filters give the same answer.
      const query = Object.fromEntries(Object.entries(read.ask.query).filter(([, value]) => value !== '' && value !== undefined));
      const parsed = searchQuerySchema.safeParse(query);
      if (!parsed.success) throw new RpcCallError(400, parsed.error.message);
      return { answer: { found: true, data: await this.searches.search(parsed.data, { timeoutMs: READ_WAIT_MS }) }, query: parsed.data };
    }
    try {
      return { answer: { found: true, data: await this.services.call(LISTINGS_PATTERNS.propertyGet, { id: read.ask.id }, { timeoutMs: READ_WAIT_MS }) } };
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 404) return { answer: { found: false } };
      throw error;
    }
  }

  /** The renderer of the current build, loaded again when a rebuild replaces it; null when there is none. */
  private renderer(): Promise<WebRenderer | null> {
    const file = path.join(this.dist, RENDERER);
    if (!existsSync(file)) return Promise.resolve(null);
    const { mtimeMs } = statSync(file);
    if (!this.loaded || this.loaded.mtimeMs !== mtimeMs) {
      const renderer = import(`${pathToFileURL(file).href}?v=${mtimeMs}`).then(
        (module: WebRenderer) => module,
        (error: unknown) => {
          this.logger.error(`The web app's server renderer did not load: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        },
      );
      this.loaded = { mtimeMs, renderer };
    }
    return this.loaded.renderer;
  }
}

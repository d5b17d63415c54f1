import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Express, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { escapeHtml, type PageHead } from './link-preview.js';
import { PAGE_STATE_ID, type Language } from '@mboa/contracts';
import { pageLanguage, withPageLanguage, withPageTexts, type PageTexts } from './page-language.js';
import type { DrawnPage } from './server-render.js';
import { withMapTiles } from './map-tiles.js';
import type { MapTiles } from '@mboa/contracts';

/** What fills a page of an app: its head, and for a page the server drew, its markup and data. */
export interface PageOutcome {
  head: PageHead | null;
  drawn?: DrawnPage | null;
}

/** The web app's service worker file at the root of its build (served from the site root: scope `/`). */
const SERVICE_WORKER = 'sw.js';

const PLACEHOLDER = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">
<h1>${title}</h1><p>This app is not built yet. The API is up at <a href="/api/health">/api/health</a>.</p>
</body></html>`;

/**
 * Serves a built single-page app under a base path: hashed assets cached for a year, and
 * index.html (never cached) for every other path so client-side routes work on reload.
 * A file the build precompressed (`.br`, `.gz` beside it) is sent in the best form the client
 * accepts, as it is: no CPU per request, and brotli at its highest quality. The list of such files
 * is read at start; a file built later is compressed on the fly by compressResponses instead.
 */
export function mountSpa(
  app: Express,
  base: string,
  dist: string,
  title: string,
  texts: (language: Language) => PageTexts,
  pageFor?: (req: Request, language: Language) => Promise<PageOutcome>,
  mapTiles?: MapTiles,
): void {
  const index = path.join(dist, 'index.html');
  const page = indexPage(index);
  const assets = expressStaticGzip(dist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        // The web app's service worker: browsers must ask for it again each time, or an update
        // (a new precache for a new build) waits for the HTTP cache to expire (docs/architecture.md).
        else if (path.basename(file) === SERVICE_WORKER) res.setHeader('Cache-Control', 'no-cache');
      },
    },
  });
  app.use(base, (req: Request, res: Response, next) => {
    if (req.path.startsWith('/api/') || req.path === '/api') return next();
    if (base === '/' && (req.path.startsWith('/admin/') || req.path === '/admin' || req.path.startsWith('/media/'))) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!existsSync(index)) {
      res.status(200).type('html').setHeader('Cache-Control', 'no-store').send(PLACEHOLDER(title));
      return;
    }
    // A page's address has no file extension: no file to look for (the lookup was up to 4.5 % of
    // a drawn page's cost in the gateway).
    const lookup = path.extname(req.path) ? assets : (_req: Request, _res: Response, next: () => void) => next();
    lookup(req, res, () => {
      void (async () => {
        // A precompressed file listed at start but gone since (a rebuild) left its encoding here.
        res.removeHeader('Content-Encoding');
        const language = pageLanguage(req);
        const outcome = pageFor ? await pageFor(req, language).catch(() => null) : null;
        const head = outcome?.head ?? null;
        const drawn = outcome?.drawn ?? null;
        res.setHeader('Cache-Control', 'no-cache');
        // The page's language follows the visitor's cookie and browser, so caches must keep them apart.
        res.vary('Accept-Language').vary('Cookie');
        let html = withPageLanguage(withPageTexts(withMapTiles(page(head), mapTiles), { ...texts(language), ...(head?.description ? { description: head.description } : {}) }, { keepTitle: head?.title !== undefined, drawn: Boolean(drawn) }), language);
        if (drawn) {
          // A listing that left search, or an unknown address: a real 404 search engines drop, never a soft 200.
          if (drawn.status === 404) res.status(404).setHeader('X-Robots-Tag', 'noindex');
          html = html.replace(
            '<div id="root"></div>',
            () => `<div id="root">${drawn.root}</div><script type="application/json" id="${PAGE_STATE_ID}">${drawn.stateJson}</script>`,
          );
        }
        res.type('html').send(html);
      })();
    });
  });
}

/** index.html with the page's head filled in at `<!--app-head-->`; re-read when the build changes. */
function indexPage(file: string): (head: PageHead | null) => string {
  let cached: { mtimeMs: number; html: string } | undefined;
  return (head) => {
    const mtimeMs = statSync(file).mtimeMs;
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    // Replacer functions, never replacement strings: a listing's text may contain `$'`, `$&` or
    // `` $` ``, which String.replace would expand into pieces of the page.
    if (!head) return cached.html.replace('<!--app-head-->', () => '');
    const { title } = head;
    const html = title === undefined ? cached.html : cached.html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    return html.replace('<!--app-head-->', () => head.tags);
  };
}

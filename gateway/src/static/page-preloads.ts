import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import {
  CARD_THUMBNAIL_ONLY,
  PHOTO_SIZES,
  photoSources,
  searchQuerySchema,
  type Language,
  type PropertyRead,
  type SearchResponse,
} from '@mboa/contracts';
import type { RpcClient } from '@mboa/platform';
import type { PublicSearchAnswers } from '../properties/public-search-answers.js';
import { escapeHtml, linkPreviewHead, listingHead, type PageHead } from './link-preview.js';
import { addressTags, pageAddresses } from './page-addresses.js';
import type { DrawnPage, ServerRender } from './server-render.js';
import type { PageOutcome } from './static-apps.js';
import { homeStructuredData, jsonLdScript, listingBreadcrumbs, listingStructuredData } from './structured-data.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The web app's route modules whose chunks a page needs before it can draw. */
const DETAILS_ROUTE = 'src/pages/PropertyDetails.tsx';
/** The module holding one language's texts (web/src/i18n/index.ts loads it by language). */
const languageBundle = (language: string) => `src/i18n/bundle.${language}.ts`;
/** What the home page asks for first when its address carries no filters (the app's first search). */
const HOME_FIRST_SEARCH = '/api/properties/search?page=1';
/** The page waits no longer than this for the first card's photo; without it, it goes without that preload. */
const FIRST_CARD_WAIT_MS = 300;

/**
 * The scripts a lazy route of a built app needs beyond what its index.html already loads, read from
 * the build manifest (`build.manifest`) and re-read when the build changes; none without one.
 */
export function routeChunks(dist: string, base = '/'): (source: string) => string[] {
  const file = path.join(dist, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest } | undefined;
  const manifest = (): Manifest => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return {};
    }
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest };
    return cached.manifest;
  };
  const closure = (m: Manifest, key: string, into: Set<string>): Set<string> => {
    const chunk = m[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(m, imported, into);
    return into;
  };
  return (source) => {
    const m = manifest();
    const entry = Object.keys(m).find((key) => m[key]?.isEntry);
    const loaded = entry ? closure(m, entry, new Set()) : new Set<string>();
    return [...closure(m, source, new Set())].filter((f) => !loaded.has(f)).map((f) => `${base}${f}`);
  };
}

const modulePreload = (href: string) => `<link rel="modulepreload" href="${escapeHtml(href)}">`;
/** As the app's own call asks (credentials: 'include'), so the browser uses the preloaded answer. */
const fetchPreload = (href: string) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin="use-credentials">`;

/**
 * Each web app page: drawn by the server when it can be (server-render.ts), with a head that names
 * what the browser needs next (the route's chunks, the language's texts, the main photo) and what
 * search engines read (canonical and per-language addresses, structured data, `noindex` on a 404).
 * Otherwise the client-rendered page with today's preloads: on `/` the first search is asked for
 * with the HTML; on a details page, next to the link-preview tags and the main photo, the route's
 * scripts and the property's details call. A phone on a slow network otherwise discovers each of
 * them only after the one before has arrived and run, one round trip (400 ms on 3G) each.
 */
export function webPages(
  services: RpcClient,
  origin: string,
  chunksOf: (source: string) => string[],
  render: ServerRender,
  searches: Pick<PublicSearchAnswers, 'search'>,
) {
  return async (req: Request, language: Language): Promise<PageOutcome> => {
    // The texts of the page's language (the app loads one language only, and draws nothing before it).
    const texts = chunksOf(languageBundle(language)).map(modulePreload);
    const drawn = await render.page(req, language, origin);
    if (drawn) {
      const routes = [...new Set(drawn.modules.flatMap(chunksOf))].map(modulePreload);
      return { drawn, head: drawnHead(drawn, req, language, origin, [...texts, ...routes]) };
    }
    if (req.path === '/' && Object.keys(req.query).length === 0) {
      return { head: { tags: [...texts, fetchPreload(HOME_FIRST_SEARCH), ...(await firstCardPhoto(searches))].join('\n    ') } };
    }
    const preview = await linkPreviewHead(services, req, origin);
    if (!preview) return { head: texts.length ? { tags: texts.join('\n    ') } : null };
    if (!preview.propertyId) return { head: { ...preview, tags: [preview.tags, ...texts].join('\n    ') } };
    const tags = [preview.tags, ...texts, ...chunksOf(DETAILS_ROUTE).map(modulePreload), fetchPreload(`/api/properties/${encodeURIComponent(preview.propertyId)}`)];
    return { head: { ...preview, tags: tags.join('\n    ') } };
  };
}

/**
 * The head of a page the server drew. Its data is in the page, so no call is preloaded; the
 * scripts it needs to be taken over are. A details page keeps its link-preview tags and main photo
 * preload; both pages name their address in each language and describe themselves to search
 * engines in schema.org terms (docs/api.md#search-engines).
 */
function drawnHead(drawn: DrawnPage, req: Request, language: Language, origin: string, preloads: string[]): PageHead {
  if (drawn.status === 404) return { tags: ['<meta name="robots" content="noindex">', ...preloads].join('\n    ') };
  const page = { origin, language };
  const addresses = addressTags(pageAddresses(origin, req.path, req.query, language));
  if (drawn.property) {
    const listing = listingHead(drawn.property, language, origin, false);
    const data = jsonLdScript([listingStructuredData(drawn.property, page), listingBreadcrumbs(drawn.property, page)]);
    return { ...listing, tags: [addresses, listing.tags, data, ...preloads].join('\n    ') };
  }
  const first = drawn.search?.properties[0];
  const photo = first ? cardPhotoPreloads(first) : [];
  const data = req.path === '/' ? [jsonLdScript(homeStructuredData(page))] : [];
  return { tags: [addresses, ...data, ...photo, ...preloads].join('\n    ') };
}

/**
 * The first card's photo, the home page's largest paint, as the card will ask for it: the
 * thumbnail on a phone, the srcset's pick elsewhere. The same search the page makes next (answered
 * from the listings cache then); none when it is slow or fails. Not counted for staff's figures:
 * the page's own search is (gateway/src/properties/search-counter.ts).
 */
async function firstCardPhoto(searches: Pick<PublicSearchAnswers, 'search'>): Promise<string[]> {
  let answer: SearchResponse;
  try {
    answer = await searches.search(searchQuerySchema.parse({ page: '1' }), { timeoutMs: FIRST_CARD_WAIT_MS });
  } catch {
    return [];
  }
  const first = answer.properties[0];
  return first ? cardPhotoPreloads(first) : [];
}

/** The preloads of a card's photo, as the card asks for it. */
function cardPhotoPreloads(first: PropertyRead): string[] {
  if (!first.thumbnail) return [];
  const photo = photoSources(first.thumbnail, first.propertyImages?.[0]);
  if (!photo.srcSet) return [`<link rel="preload" as="image" href="${escapeHtml(photo.src)}" fetchpriority="high">`];
  return [
    `<link rel="preload" as="image" href="${escapeHtml(photo.src)}" media="${CARD_THUMBNAIL_ONLY}" fetchpriority="high">`,
    `<link rel="preload" as="image" imagesrcset="${escapeHtml(photo.srcSet)}" imagesizes="${PHOTO_SIZES.card}" media="not all and ${CARD_THUMBNAIL_ONLY}" fetchpriority="high">`,
  ];
}

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import { CARD_THUMBNAIL_ONLY, LISTINGS_PATTERNS, PHOTO_SIZES, photoSources, searchQuerySchema, type SearchResponse } from '@mboa/contracts';
import type { RpcClient } from '@mboa/platform';
import { escapeHtml, linkPreviewHead, type PageHead } from './link-preview.js';
import { pageLanguage } from './page-language.js';

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
 * The head of a web app page: on `/` the first search is asked for with the HTML; on a details
 * page, next to the link-preview tags and the main photo, the route's scripts and the property's
 * details call. A phone on a slow network otherwise discovers each of them only after the one
 * before has arrived and run, one round trip (400 ms on 3G) each.
 */
export function webPageHead(services: RpcClient, origin: string, chunksOf: (source: string) => string[]) {
  return async (req: Request): Promise<PageHead | null> => {
    // The texts of the page's language (the app loads one language only, and draws nothing before it).
    const texts = chunksOf(languageBundle(pageLanguage(req))).map(modulePreload);
    if (req.path === '/' && Object.keys(req.query).length === 0) {
      return { tags: [...texts, fetchPreload(HOME_FIRST_SEARCH), ...(await firstCardPhoto(services))].join('\n    ') };
    }
    const preview = await linkPreviewHead(services, req, origin);
    if (!preview) return texts.length ? { tags: texts.join('\n    ') } : null;
    if (!preview.propertyId) return { ...preview, tags: [preview.tags, ...texts].join('\n    ') };
    const tags = [preview.tags, ...texts, ...chunksOf(DETAILS_ROUTE).map(modulePreload), fetchPreload(`/api/properties/${encodeURIComponent(preview.propertyId)}`)];
    return { ...preview, tags: tags.join('\n    ') };
  };
}

/**
 * The first card's photo, the home page's largest paint, as the card will ask for it: the
 * thumbnail on a phone, the srcset's pick elsewhere. The same search the page makes next (answered
 * from the listings cache then); none when it is slow or fails.
 */
async function firstCardPhoto(services: RpcClient): Promise<string[]> {
  let answer: SearchResponse;
  try {
    answer = await services.call(LISTINGS_PATTERNS.propertySearch, searchQuerySchema.parse({ page: '1' }), { timeoutMs: FIRST_CARD_WAIT_MS });
  } catch {
    return [];
  }
  const first = answer.properties[0];
  if (!first?.thumbnail) return [];
  const photo = photoSources(first.thumbnail, first.propertyImages?.[0]);
  if (!photo.srcSet) return [`<link rel="preload" as="image" href="${escapeHtml(photo.src)}" fetchpriority="high">`];
  return [
    `<link rel="preload" as="image" href="${escapeHtml(photo.src)}" media="${CARD_THUMBNAIL_ONLY}" fetchpriority="high">`,
    `<link rel="preload" as="image" imagesrcset="${escapeHtml(photo.srcSet)}" imagesizes="${PHOTO_SIZES.card}" media="not all and ${CARD_THUMBNAIL_ONLY}" fetchpriority="high">`,
  ];
}

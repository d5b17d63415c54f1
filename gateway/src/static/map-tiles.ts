import { MAP_TILES_META, type MapTiles } from '@mboa/contracts';
import { escapeHtml } from './link-preview.js';

/**
 * The maps' tile source (MAP_TILE_URL, MAP_TILE_ATTRIBUTION) handed to a web app: two meta tags in
 * every page's head, which the app reads when it draws a map (web/src/map/tiles.ts). Configuration
 * at run time, so an operator changes tile server without a new build.
 */
export function mapTilesHead(tiles: MapTiles): string {
  return `<meta name="${MAP_TILES_META.url}" content="${escapeHtml(tiles.url)}"><meta name="${MAP_TILES_META.attribution}" content="${escapeHtml(tiles.attribution)}">`;
}

/** The page with the tiles' meta tags at the end of its head. */
export function withMapTiles(html: string, tiles: MapTiles | undefined): string {
  return tiles ? html.replace('</head>', () => `${mapTilesHead(tiles)}</head>`) : html;
}

/**
 * The origin the Content-Security-Policy must let images come from: the tile URL's scheme and host,
 * a `{s}` subdomain as a wildcard. Null for a URL on this site (a path) or one that is not a URL.
 */
export function tileImageSource(url: string): string | null {
  if (url.startsWith('/')) return null;
  const match = /^(https?):\/\/([^/]+)/.exec(url);
  if (!match) return null;
  const host = match[2].replace(/\{s\}/g, '*');
  return `${match[1]}://${host}`;
}

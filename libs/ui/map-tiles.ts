// Raster-tile arithmetic (Web Mercator, 256 px tiles) and the tile source both apps were handed by
// the gateway. No map library: the static maps are plain images, so a page pays no script for them.
import { MAP_TILES_DEFAULT, MAP_TILES_META, type GeoPoint, type MapTiles } from '@mboa/contracts';

export const TILE_PX = 256;

/** The point's position in pixels on the whole world's map at `zoom`. */
export function worldPixel(p: GeoPoint, zoom: number): { x: number; y: number } {
  const size = TILE_PX * 2 ** zoom;
  const sin = Math.sin((p.lat * Math.PI) / 180);
  return {
    x: ((p.lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** Metres one screen pixel covers at this latitude and zoom. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / (TILE_PX * 2 ** zoom);
}

/** One tile's address from the template: `{z}`, `{x}`, `{y}`, and `{s}` as a, b or c. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{s}', 'abc'[(x + y) % 3])
    .replace('{r}', '');
}

export interface PlacedTile {
  key: string;
  src: string;
  /** From the centre point, in CSS px. */
  left: number;
  top: number;
}

/** The tiles that cover a box `halfWidth` × `halfHeight` px around `centre`. */
export function tilesAround(template: string, centre: GeoPoint, zoom: number, halfWidth: number, halfHeight: number): PlacedTile[] {
  const c = worldPixel(centre, zoom);
  const count = 2 ** zoom;
  const tiles: PlacedTile[] = [];
  for (let ty = Math.floor((c.y - halfHeight) / TILE_PX); ty <= Math.floor((c.y + halfHeight) / TILE_PX); ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor((c.x - halfWidth) / TILE_PX); tx <= Math.floor((c.x + halfWidth) / TILE_PX); tx++) {
      const x = ((tx % count) + count) % count;
      tiles.push({ key: `${zoom}/${tx}/${ty}`, src: tileUrl(template, zoom, x, ty), left: Math.round(tx * TILE_PX - c.x), top: Math.round(ty * TILE_PX - c.y) });
    }
  }
  return tiles;
}

let given: MapTiles | undefined;

/** The server renderer's tiles (it has no page head to read them from). */
export function setMapTiles(tiles: MapTiles | undefined): void {
  given = tiles;
}

/** The tile source: what the server renderer was given, else the page's meta tags, else OSM's. */
export function mapTiles(): MapTiles {
  if (given) return given;
  if (typeof document !== 'undefined') {
    const read = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
    const url = read(MAP_TILES_META.url);
    if (url) return { url, attribution: read(MAP_TILES_META.attribution) ?? MAP_TILES_DEFAULT.attribution };
  }
  return MAP_TILES_DEFAULT;
}

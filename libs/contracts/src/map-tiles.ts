// Apart from geo.ts on purpose: the apps read these on every page (libs/ui StaticMap), and geo.ts
// builds zod schemas at load, which would bring zod and the messages into every first visit.
/**
 * Where the maps' raster tiles come from and whom they credit: the gateway reads MAP_TILE_URL and
 * MAP_TILE_ATTRIBUTION and hands them to the web apps (meta tags named below, and the server
 * renderer's input). A busy site must serve its own tiles (OSM's tile usage policy; infra/README.md).
 */
export interface MapTiles {
  /** `{z}`, `{x}`, `{y}` are replaced; `{s}` by a subdomain letter (a, b, c). */
  url: string;
  attribution: string;
}
export const MAP_TILES_DEFAULT: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};
export const MAP_TILES_META = { url: 'mboa-map-tile-url', attribution: 'mboa-map-tile-attribution' } as const;

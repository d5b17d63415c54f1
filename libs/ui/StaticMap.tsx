import type { GeoPoint, MapTiles } from '@mboa/contracts';
import { metresPerPixel, TILE_PX, tilesAround } from './map-tiles.js';

/** Widest a static map is drawn (CSS caps it): tiles are fetched for this width at most. */
const MAX_WIDTH_PX = 640;

export interface StaticMapProps {
  tiles: MapTiles;
  centre: GeoPoint;
  zoom: number;
  /** Says what the map shows, for screen readers (the images themselves are decoration). */
  label: string;
  heightPx?: number;
  /** A circle of this radius around the centre (the public's approximate area). */
  circleM?: number;
  /** A marker at the centre (staff's exact pin). */
  marker?: boolean;
  /** Tapping the map opens the interactive one; without it the map is only a picture. */
  onOpen?: () => void;
  openLabel?: string;
}

/**
 * A map as a few tile images positioned with CSS around the centre, plus a circle or a marker: no
 * script is needed to show it (server-rendered pages draw it), and the images load lazily.
 */
export function StaticMap({ tiles, centre, zoom, label, heightPx = 200, circleM, marker, onOpen, openLabel }: StaticMapProps) {
  const placed = tilesAround(tiles.url, centre, zoom, MAX_WIDTH_PX / 2, heightPx / 2);
  const radiusPx = circleM ? Math.round(circleM / metresPerPixel(centre.lat, zoom)) : 0;
  const body = (
    <>
      <span className="static-map-origin" aria-hidden="true">
        {placed.map((t) => (
          <img key={t.key} src={t.src} alt="" loading="lazy" decoding="async" width={TILE_PX} height={TILE_PX} draggable={false} style={{ left: t.left, top: t.top }} />
        ))}
        {radiusPx > 0 && <span className="static-map-circle" style={{ width: radiusPx * 2, height: radiusPx * 2, left: -radiusPx, top: -radiusPx }} />}
        {marker && <span className="static-map-marker" />}
      </span>
      <span className="static-map-credit">{tiles.attribution}</span>
    </>
  );
  return onOpen ? (
    <button type="button" className="static-map" style={{ height: heightPx }} onClick={onOpen} aria-label={openLabel ? `${label}. ${openLabel}` : label}>
      {body}
    </button>
  ) : (
    <span className="static-map" role="img" aria-label={label} style={{ height: heightPx }}>
      {body}
    </span>
  );
}

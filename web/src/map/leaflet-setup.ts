// Everything that imports this file is loaded with import() when a map is opened: Leaflet and its
// stylesheet never weigh on a page's first screen (docs/maps.md).
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { mapTiles } from '@mboa/ui/map-tiles.js';
import './map.css';

export { L };

/** A Leaflet map in `node` with the configured tiles and their credit. */
export function createMap(node: HTMLElement, centre: { lat: number; lng: number }, zoom: number): L.Map {
  const map = L.map(node, { center: [centre.lat, centre.lng], zoom, minZoom: 5, maxZoom: 18, zoomControl: true });
  const tiles = mapTiles();
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19, subdomains: 'abc' }).addTo(map);
  // "Leaflet" links out of the credit line; the tiles' credit is the one the licence needs.
  map.attributionControl.setPrefix(false);
  // The frame's size may settle after the map is made (its stylesheet arriving with this chunk, a
  // phone turned): Leaflet must be told, or its centre, taps and markers are drawn off the frame.
  if (typeof ResizeObserver !== 'undefined') {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(node);
    map.on('unload', () => observer.disconnect());
  }
  return map;
}

/**
 * A pin drawn in CSS (Leaflet's default marker images do not survive bundling). The shape is turned
 * inside the icon: turning the icon itself would turn Leaflet's translate that places it too.
 */
export const pinIcon = L.divIcon({ className: 'map-pin', html: '<span class="map-pin-shape"></span>', iconSize: [22, 22], iconAnchor: [11, 30] });

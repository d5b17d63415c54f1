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
  return map;
}

/** A pin drawn in CSS (Leaflet's default marker images do not survive bundling). */
export const pinIcon = L.divIcon({ className: 'map-pin', iconSize: [22, 22], iconAnchor: [11, 30] });

import { boxContains, GEO, townView, type GeoPoint } from '@mboa/contracts';
import { useEffect, useRef } from 'react';
import { createMap, L, pinIcon } from './leaflet-setup.js';

export interface PinMapProps {
  town: string;
  pin: GeoPoint | null;
  /** A place in Cameroon the owner tapped or dragged the pin to; outside it, `onOutside`. */
  onPin: (pin: GeoPoint) => void;
  onOutside: () => void;
  label: string;
}

/** The wizard's map: opens on the pin, else on the chosen town; a tap places the pin, a drag moves it. */
export default function PinMap({ town, pin, onPin, onOutside, label }: PinMapProps) {
  const node = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const handlers = useRef({ onPin, onOutside });
  // The latest callbacks, for the map's own listeners (set once).
  useEffect(() => {
    handlers.current = { onPin, onOutside };
  });

  useEffect(() => {
    if (!node.current) return;
    const view = townView(town);
    const created = createMap(node.current, pin ?? view, pin ? Math.max(view.zoom, 16) : view.zoom);
    map.current = created;
    const place = (at: L.LatLng) => {
      const point = { lat: at.lat, lng: at.lng };
      if (!boxContains(GEO.cameroon, point)) return handlers.current.onOutside();
      handlers.current.onPin(point);
    };
    created.on('click', (e: L.LeafletMouseEvent) => place(e.latlng));
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once; the pin below follows changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Another town chosen while the map is open, and no pin yet: the map goes there.
  const shownTown = useRef(town);
  useEffect(() => {
    if (town === shownTown.current) return;
    shownTown.current = town;
    const view = townView(town);
    if (!pin) map.current?.setView([view.lat, view.lng], view.zoom);
  }, [town, pin]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!pin) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = L.marker([pin.lat, pin.lng], { icon: pinIcon, draggable: true, keyboard: false }).addTo(m);
      marker.current.on('dragend', () => {
        const at = marker.current?.getLatLng();
        if (!at) return;
        const point = { lat: at.lat, lng: at.lng };
        if (boxContains(GEO.cameroon, point)) handlers.current.onPin(point);
        else handlers.current.onOutside();
      });
    } else marker.current.setLatLng([pin.lat, pin.lng]);
    if (!m.getBounds().contains([pin.lat, pin.lng])) m.setView([pin.lat, pin.lng], Math.max(m.getZoom(), 16));
  }, [pin]);

  return <div ref={node} className="map-frame" role="application" aria-label={label} data-testid="pin-map" />;
}

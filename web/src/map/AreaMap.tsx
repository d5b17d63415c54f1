import type { ApproximateArea } from '@mboa/contracts';
import { useEffect, useRef } from 'react';
import { createMap, L } from './leaflet-setup.js';

/** The details page's map once tapped: the approximate area's circle on a map the renter can move. */
export default function AreaMap({ area, label }: { area: ApproximateArea; label: string }) {
  const node = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!node.current) return;
    const map = createMap(node.current, area, 15);
    L.circle([area.lat, area.lng], { radius: area.radiusM, color: '#0f766e', weight: 2, fillOpacity: 0.18 }).addTo(map);
    return () => {
      map.remove();
    };
  }, [area]);
  return <div ref={node} className="map-frame" role="application" aria-label={label} data-testid="area-map" />;
}

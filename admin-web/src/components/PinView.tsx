import type { GeoPoint } from '@mboa/contracts';
import { StaticMap } from '@mboa/ui/StaticMap.js';
import { mapTiles } from '@mboa/ui/map-tiles.js';
import { useI18n } from '@mboa/web-core';

/** Close enough to see the street the pin is on. */
const PIN_ZOOM = 16;

/**
 * The owner's exact pin, which only staff and the owner see: its coordinates and a static map
 * with a marker on it (tile images, no map script), or a line saying there is none.
 */
export function PinView({ pin, landmark }: { pin: GeoPoint | null | undefined; landmark?: string }) {
  const { t } = useI18n();
  return (
    <div className="stack" data-testid="admin-pin">
      {landmark?.trim() ? <p>{t('pin.landmarkLine', { landmark: landmark.trim() })}</p> : null}
      {pin ? (
        <>
          <p>{t('pin.coordinates', { lat: pin.lat.toFixed(5), lng: pin.lng.toFixed(5) })}</p>
          <StaticMap tiles={mapTiles()} centre={pin} zoom={PIN_ZOOM} marker label={t('pin.mapLabel')} heightPx={180} />
          <a href={`https://www.openstreetmap.org/?mlat=${pin.lat.toFixed(5)}&mlon=${pin.lng.toFixed(5)}#map=17/${pin.lat.toFixed(5)}/${pin.lng.toFixed(5)}`} target="_blank" rel="noopener noreferrer">
            {t('pin.openStreetMap')}
          </a>
        </>
      ) : (
        <p className="muted">{t('pin.none')}</p>
      )}
    </div>
  );
}

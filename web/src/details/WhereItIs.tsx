import type { PropertyRead } from '@mboa/contracts';
import { StaticMap } from '@mboa/ui/StaticMap.js';
import { mapTiles } from '@mboa/ui/map-tiles.js';
import { useI18n } from '@mboa/web-core';
import { lazy, Suspense, useState } from 'react';
import { MapBoundary } from '../map/MapBoundary.js';

const AreaMap = lazy(() => import('../map/AreaMap.js'));

/** The static map's zoom: the 400 m circle is about 170 px across. */
const AREA_ZOOM = 15;

const fixed = (n: number) => n.toFixed(5);

/**
 * "Where it is" on a details page: the approximate area as a static map (tile images and a circle,
 * drawn by the server too, no script until tapped; the tap opens the interactive map), the
 * owner's landmark, and Directions to the area's centre in the phone's map app (`geo:`), with an
 * OpenStreetMap link for computers. Never the exact pin: public answers do not carry it.
 */
export function WhereItIs({ property }: { property: PropertyRead }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const area = property.location?.area;
  const landmark = property.location?.landmark?.trim();
  if (!area && !landmark) return null;
  return (
    <section className="panel details-area" aria-labelledby="details-area-title">
      <h2 id="details-area-title">{t('map.areaTitle')}</h2>
      {landmark ? <p data-testid="details-landmark">{t('map.landmarkLine', { landmark })}</p> : null}
      {area ? (
        <>
          {open ? (
            <MapBoundary failed={<p className="form-error" role="alert">{t('map.loadFailed')}</p>}>
              <Suspense fallback={<p className="muted">{t('map.loading')}</p>}>
                <AreaMap area={area} label={t('map.areaLabel')} />
              </Suspense>
            </MapBoundary>
          ) : (
            <StaticMap tiles={mapTiles()} centre={area} zoom={AREA_ZOOM} circleM={area.radiusM} label={t('map.areaLabel')} onOpen={() => setOpen(true)} openLabel={t('map.openMap')} />
          )}
          <p className="muted small">{t('map.areaNote')}</p>
          <p className="details-area-links">
            <a className="btn btn-outline btn-sm" href={`geo:${fixed(area.lat)},${fixed(area.lng)}?q=${fixed(area.lat)},${fixed(area.lng)}`}>
              {t('map.directions')}
            </a>
            <a href={`https://www.openstreetmap.org/?mlat=${fixed(area.lat)}&mlon=${fixed(area.lng)}#map=15/${fixed(area.lat)}/${fixed(area.lng)}`} target="_blank" rel="noopener noreferrer">
              {t('map.openStreetMap')}
            </a>
          </p>
        </>
      ) : null}
    </section>
  );
}

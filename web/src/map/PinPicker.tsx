import { GEO, type GeoPoint } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { lazy, Suspense, useState } from 'react';
import { locate, problemOf } from './geolocate.js';
import { MapBoundary } from './MapBoundary.js';
import '../i18n/parts/map.js';

// Leaflet comes with the map, on the tap that opens it.
const PinMap = lazy(() => import('./PinMap.js'));

export interface PinPickerProps {
  town: string;
  pin: GeoPoint | null;
  onPin: (pin: GeoPoint | null) => void;
  landmark: string;
  onLandmark: (landmark: string) => void;
}

const fixed = (n: number) => n.toFixed(5);

/**
 * The optional pin of the Location step (and of any form that edits a listing's place): a map of
 * the town to tap, "I am at the property" (the phone's position, asked on that tap only), and the
 * landmark line. What a pin gives renters, and what it does not, is said beside it.
 */
export function PinPicker({ town, pin, onPin, landmark, onLandmark }: PinPickerProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function here() {
    setProblem(null);
    setLocating(true);
    try {
      const point = await locate();
      if (point.lat < GEO.cameroon.south || point.lat > GEO.cameroon.north || point.lng < GEO.cameroon.west || point.lng > GEO.cameroon.east) {
        setProblem(t('map.pinOutside'));
      } else {
        onPin(point);
        setOpen(true);
      }
    } catch (error) {
      setProblem(t(`map.${problemOf(error)}`));
    } finally {
      setLocating(false);
    }
  }

  return (
    <fieldset className="pin-picker stack">
      <p className="muted small">{t('map.pinHelp')}</p>
      <div className="row-wrap">
        <button type="button" className="btn btn-outline" aria-expanded={open} onClick={() => (setProblem(null), setOpen((o) => !o))}>
          {open ? t('map.done') : pin ? t('map.changePin') : t('map.addPin')}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void here()} disabled={locating}>
          {locating ? t('map.locating') : t('map.atProperty')}
        </button>
        {pin ? (
          <button type="button" className="btn btn-ghost" onClick={() => (onPin(null), setProblem(null))}>
            {t('map.removePin')}
          </button>
        ) : null}
      </div>
      <p className="small" role="status" data-testid="pin-status">
        {pin ? t('map.pinPlaced', { lat: fixed(pin.lat), lng: fixed(pin.lng) }) : t('map.noPin')}
      </p>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {open ? (
        <MapBoundary failed={<p className="form-error" role="alert">{t('map.loadFailed')}</p>}>
          <Suspense fallback={<p className="muted">{t('map.loading')}</p>}>
            <PinMap
              town={town}
              pin={pin}
              onPin={(p) => (setProblem(null), onPin(p))}
              onOutside={() => setProblem(t('map.pinOutside'))}
              label={t('map.pinMapLabel', { town: town || 'Cameroon' })}
            />
          </Suspense>
        </MapBoundary>
      ) : null}
      <label className="field">
        <span>{t('map.landmark')}</span>
        <input value={landmark} maxLength={GEO.landmarkMax} placeholder={t('map.landmarkPlaceholder')} onChange={(e) => onLandmark(e.target.value)} />
      </label>
    </fieldset>
  );
}

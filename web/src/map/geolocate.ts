import type { GeoPoint } from '@mboa/contracts';

/** Why the phone gave no position, as the catalog's `map.geo*` keys name it. */
export type GeoProblem = 'geoDenied' | 'geoUnavailable' | 'geoTimeout' | 'geoUnsupported';

export class GeolocationProblem extends Error {
  constructor(readonly problem: GeoProblem) {
    super(problem);
  }
}

/** How long the phone may take to find itself (a first GPS fix outdoors takes seconds). */
const GEO_TIMEOUT_MS = 20_000;

/**
 * The phone's position, asked only when the person taps a button that says so ("I am at the
 * property", "Near me"): the browser's permission prompt then comes from their own action.
 */
export function locate(): Promise<GeoPoint> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new GeolocationProblem('geoUnsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) =>
        reject(new GeolocationProblem(error.code === error.PERMISSION_DENIED ? 'geoDenied' : error.code === error.TIMEOUT ? 'geoTimeout' : 'geoUnavailable')),
      { enableHighAccuracy: true, timeout: GEO_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

export function problemOf(error: unknown): GeoProblem {
  return error instanceof GeolocationProblem ? error.problem : 'geoUnavailable';
}

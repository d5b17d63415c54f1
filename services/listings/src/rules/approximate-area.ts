// The approximate area the public sees of a pinned property (issue 28, docs/api.md#where-it-is):
// a circle of GEO.areaRadiusM whose centre is the exact pin moved by a fixed, per-listing random
// offset. The offset is drawn once, when the listing is created, and never changes afterwards: a
// fresh draw per read (or per pin edit) could be averaged away by looking many times, and a fixed
// one moves the area exactly as the owner moves the pin, so it tells nothing new.
import { GEO, offsetPoint, type ApproximateArea, type GeoPoint } from '@mboa/contracts';

/** The offset's distance lies in [min, GEO.areaOffsetMaxM]: never ~0, so the pin is never the circle's centre. */
export const AREA_OFFSET_MIN_M = GEO.areaOffsetMaxM / 3;

/** Metres north and east of the pin (negative: south, west). */
export interface AreaOffset {
  northM: number;
  eastM: number;
}

/**
 * A random direction and a distance spread evenly over the ring [min, max] (by area, so no
 * distance is favoured per square metre). `random` is injectable for the tests; Math.random is
 * fine here: the offset hides a position from casual averaging, it is not a secret key.
 */
export function drawAreaOffset(random: () => number = Math.random): AreaOffset {
  const theta = 2 * Math.PI * random();
  const min2 = AREA_OFFSET_MIN_M ** 2;
  const d = Math.sqrt(min2 + random() * (GEO.areaOffsetMaxM ** 2 - min2));
  return { northM: d * Math.cos(theta), eastM: d * Math.sin(theta) };
}

/** The area's centre for a pin (null without one). */
export function areaCentre(pin: GeoPoint | null, offset: AreaOffset): GeoPoint | null {
  return pin ? offsetPoint(pin, offset.northM, offset.eastM) : null;
}

/** The stored columns of a property's location that follow from its pin. */
export interface PinColumns {
  pinLat: number | null;
  pinLng: number | null;
  areaLat: number | null;
  areaLng: number | null;
  areaOffsetNorthM: number;
  areaOffsetEastM: number;
}

/**
 * What to store when a property's pin is set or changed: the pin, its area, and the offset — the
 * one already drawn when there is one (always, for rows the service created), else a new draw
 * (rows written outside the service before they had a pin).
 */
export function pinColumns(pin: GeoPoint | null, stored: { areaOffsetNorthM: number | null; areaOffsetEastM: number | null } | null): PinColumns {
  const offset =
    stored && stored.areaOffsetNorthM !== null && stored.areaOffsetEastM !== null
      ? { northM: stored.areaOffsetNorthM, eastM: stored.areaOffsetEastM }
      : drawAreaOffset();
  const area = areaCentre(pin, offset);
  return {
    pinLat: pin?.lat ?? null,
    pinLng: pin?.lng ?? null,
    areaLat: area?.lat ?? null,
    areaLng: area?.lng ?? null,
    areaOffsetNorthM: offset.northM,
    areaOffsetEastM: offset.eastM,
  };
}

/** The public area of stored columns: present only when both coordinates are. */
export function publicArea(row: { areaLat: number | null; areaLng: number | null }): ApproximateArea | undefined {
  if (row.areaLat === null || row.areaLng === null) return undefined;
  return { lat: row.areaLat, lng: row.areaLng, radiusM: GEO.areaRadiusM };
}

/** The exact pin of stored columns (owner and staff answers only). */
export function exactPin(row: { pinLat: number | null; pinLng: number | null }): GeoPoint | null {
  return row.pinLat === null || row.pinLng === null ? null : { lat: row.pinLat, lng: row.pinLng };
}

// Where a property is: the owner's exact pin (owner and staff only), the approximate area the public
// sees, and the map searches (a box, a distance order). docs/maps.md says why each number is what it is.
import { z } from 'zod';
import { MESSAGES } from './messages.js';

const G = MESSAGES.geo;

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** GeoJSON's order: west, south, east, north (degrees). */
export interface GeoBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** What the public sees of a pinned property: a circle whose centre is moved by a fixed per-listing offset. */
export interface ApproximateArea extends GeoPoint {
  radiusM: number;
}

export const GEO = {
  /** A pin must be in Cameroon (its extreme points, rounded outwards). */
  cameroon: { west: 8.4, south: 1.6, east: 16.2, north: 13.1 } satisfies GeoBox,
  /**
   * Boxes and `near` must lie in Cameroon widened by 1.5°: a map at a border shows some of the
   * neighbour; the poles, the antimeridian and the rest of the world are refused.
   */
  searchRegion: { west: 6.9, south: 0.1, east: 17.7, north: 14.6 } satisfies GeoBox,
  /** The public circle's radius. */
  areaRadiusM: 400,
  /**
   * The centre's fixed offset from the pin, at most this far: less than the radius, so the pin is
   * always inside the circle a renter sees, never at its centre.
   */
  areaOffsetMaxM: 300,
  /** A map search box is at most this many degrees wide and tall (about 220 km: a region). */
  maxBoxSpanDeg: 2,
  /** The map answer's points, at most: past it the answer says `truncated` and the map asks to zoom in. */
  mapPoints: 500,
  landmarkMax: 160,
  /** Distances on cards are rounded to this many kilometres. */
  distanceStepKm: 0.1,
} as const;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What a card shows: kilometres, one decimal. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const steps = Math.round(distanceM(a, b) / (GEO.distanceStepKm * 1000));
  return Number((steps * GEO.distanceStepKm).toFixed(1));
}

/** Edges included. */
export function boxContains(box: GeoBox, p: GeoPoint): boolean {
  return p.lat >= box.south && p.lat <= box.north && p.lng >= box.west && p.lng <= box.east;
}

/** The point `northM` metres north and `eastM` metres east of `p` (flat-earth: fine under a kilometre). */
export function offsetPoint(p: GeoPoint, northM: number, eastM: number): GeoPoint {
  const lat = p.lat + (northM / EARTH_RADIUS_M) * (180 / Math.PI);
  const lng = p.lng + (eastM / (EARTH_RADIUS_M * Math.cos(rad(p.lat)))) * (180 / Math.PI);
  return { lat, lng };
}

function toCoordinate(v: unknown): unknown {
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim());
  return v;
}

// Blank means left out (a form's empty field); anything else must be a number in range.
const latitude = z.preprocess(
  toCoordinate,
  z.number({ error: G.latitudeInvalid }).finite({ error: G.latitudeInvalid }).min(-90, { error: G.latitudeInvalid }).max(90, { error: G.latitudeInvalid }).optional(),
);
const longitude = z.preprocess(
  toCoordinate,
  z.number({ error: G.longitudeInvalid }).finite({ error: G.longitudeInvalid }).min(-180, { error: G.longitudeInvalid }).max(180, { error: G.longitudeInvalid }).optional(),
);

/**
 * The owner's pin when posting or editing: both coordinates, in Cameroon. Multipart sends
 * `location[pin][lat]`; blank fields mean no pin.
 */
export const pinSchema = z
  .object({ lat: latitude, lng: longitude }, { error: G.pinIncomplete })
  .transform((v, ctx): GeoPoint | undefined => {
    if (v.lat === undefined && v.lng === undefined) return undefined;
    if (v.lat === undefined || v.lng === undefined) {
      ctx.addIssue({ code: 'custom', message: G.pinIncomplete });
      return z.NEVER;
    }
    const pin = { lat: v.lat, lng: v.lng };
    if (!boxContains(GEO.cameroon, pin)) {
      ctx.addIssue({ code: 'custom', message: G.pinOutsideCameroon });
      return z.NEVER;
    }
    return pin;
  });

/** "Behind the Total station, Molyko": free text beside the pin; blank means none. */
export const landmarkSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: G.landmarkTooLong }).max(GEO.landmarkMax, { error: G.landmarkTooLong }),
);

function numbersOf(v: unknown, count: number): number[] | null {
  if (typeof v !== 'string') return null;
  const parts = v.split(',');
  if (parts.length !== count) return null;
  const numbers = parts.map((p) => (p.trim() === '' ? Number.NaN : Number(p.trim())));
  return numbers.every((n) => Number.isFinite(n)) ? numbers : null;
}

/** `?bbox=west,south,east,north`: inside the search region, not inverted, at most a region wide. */
export const bboxParamSchema = z.string({ error: G.bboxInvalid }).transform((v, ctx): GeoBox => {
  const n = numbersOf(v, 4);
  if (!n) {
    ctx.addIssue({ code: 'custom', message: G.bboxInvalid });
    return z.NEVER;
  }
  const [west, south, east, north] = n as [number, number, number, number];
  if (Math.abs(south) > 90 || Math.abs(north) > 90 || Math.abs(west) > 180 || Math.abs(east) > 180) {
    ctx.addIssue({ code: 'custom', message: G.bboxInvalid });
    return z.NEVER;
  }
  if (west >= east || south >= north) {
    ctx.addIssue({ code: 'custom', message: G.bboxInverted });
    return z.NEVER;
  }
  const box = { west, south, east, north };
  const r = GEO.searchRegion;
  if (west < r.west || east > r.east || south < r.south || north > r.north) {
    ctx.addIssue({ code: 'custom', message: G.bboxOutsideRegion });
    return z.NEVER;
  }
  if (east - west > GEO.maxBoxSpanDeg || north - south > GEO.maxBoxSpanDeg) {
    ctx.addIssue({ code: 'custom', message: G.bboxTooWide });
    return z.NEVER;
  }
  return box;
});

/** `?near=lat,lng`: a place around Cameroon (the phone's position or a landmark). */
export const nearParamSchema = z.string({ error: G.nearInvalid }).transform((v, ctx): GeoPoint => {
  const n = numbersOf(v, 2);
  if (!n || Math.abs(n[0]) > 90 || Math.abs(n[1]) > 180) {
    ctx.addIssue({ code: 'custom', message: G.nearInvalid });
    return z.NEVER;
  }
  const point = { lat: n[0], lng: n[1] };
  if (!boxContains(GEO.searchRegion, point)) {
    ctx.addIssue({ code: 'custom', message: G.nearOutsideRegion });
    return z.NEVER;
  }
  return point;
});

/** The query-string form of a box (what the web app and saved searches send). */
export function bboxParam(box: GeoBox): string {
  return [box.west, box.south, box.east, box.north].map((n) => Number(n.toFixed(5))).join(',');
}

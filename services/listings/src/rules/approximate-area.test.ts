import { distanceM, GEO, type GeoPoint } from '@mboa/contracts';
import { AREA_OFFSET_MIN_M, areaCentre, drawAreaOffset, pinColumns, publicArea } from './approximate-area.js';

/** A small seeded generator, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

// Pins across Cameroon, from the south (Kribi) to the far north (Kousséri), where a degree of
// longitude is shortest.
const PINS: GeoPoint[] = [
  { lat: 2.9395, lng: 9.9101 },
  { lat: 4.0511, lng: 9.7679 },
  { lat: 3.848, lng: 11.5021 },
  { lat: 4.1527, lng: 9.2409 },
  { lat: 12.0769, lng: 15.0306 },
  { lat: GEO.cameroon.north, lng: GEO.cameroon.east },
  { lat: GEO.cameroon.south, lng: GEO.cameroon.west },
];

describe('approximate area of a pin', () => {
  it('always keeps the exact pin inside the public circle, never at its centre', () => {
    const random = seeded(28);
    for (let i = 0; i < 2_000; i += 1) {
      const offset = drawAreaOffset(random);
      for (const pin of PINS) {
        const centre = areaCentre(pin, offset)!;
        const d = distanceM(pin, centre);
        expect(d).toBeLessThan(GEO.areaRadiusM);
        // offsetPoint is flat-earth: a metre's slack under a kilometre.
        expect(d).toBeLessThanOrEqual(GEO.areaOffsetMaxM + 1);
        expect(d).toBeGreaterThanOrEqual(AREA_OFFSET_MIN_M - 1);
      }
    }
  });

  it('draws directions all around (not one favoured quarter)', () => {
    const random = seeded(7);
    const quarters = [0, 0, 0, 0];
    for (let i = 0; i < 4_000; i += 1) {
      const { northM, eastM } = drawAreaOffset(random);
      quarters[(northM >= 0 ? 0 : 2) + (eastM >= 0 ? 0 : 1)] += 1;
    }
    for (const count of quarters) expect(count).toBeGreaterThan(800);
  });

  it('keeps the offset of a listing when its pin moves: the area moves by the same vector', () => {
    const created = pinColumns({ lat: 4.0511, lng: 9.7679 }, null);
    const stored = { areaOffsetNorthM: created.areaOffsetNorthM, areaOffsetEastM: created.areaOffsetEastM };
    const moved = pinColumns({ lat: 4.0611, lng: 9.7779 }, stored);
    expect(moved.areaOffsetNorthM).toBe(created.areaOffsetNorthM);
    expect(moved.areaOffsetEastM).toBe(created.areaOffsetEastM);
    expect(moved.areaLat! - moved.pinLat!).toBeCloseTo(created.areaLat! - created.pinLat!, 9);
    expect(moved.areaLng! - moved.pinLng!).toBeCloseTo(created.areaLng! - created.pinLng!, 6);
    // The same pin again gives the same area, however many times it is asked.
    const again = pinColumns({ lat: 4.0511, lng: 9.7679 }, stored);
    expect([again.areaLat, again.areaLng]).toEqual([created.areaLat, created.areaLng]);
  });

  it('has no area without a pin, and keeps the offset for when one is added', () => {
    const created = pinColumns(null, null);
    expect([created.pinLat, created.pinLng, created.areaLat, created.areaLng]).toEqual([null, null, null, null]);
    expect(Math.hypot(created.areaOffsetNorthM, created.areaOffsetEastM)).toBeGreaterThan(0);
    const pinned = pinColumns({ lat: 3.848, lng: 11.5021 }, created);
    expect(pinned.areaOffsetNorthM).toBe(created.areaOffsetNorthM);
    expect(publicArea(pinned)).toEqual({ lat: pinned.areaLat, lng: pinned.areaLng, radiusM: GEO.areaRadiusM });
    expect(publicArea(created)).toBeUndefined();
  });

  it('draws an offset for a row written without one (outside the service) when it gets a pin', () => {
    const columns = pinColumns({ lat: 3.848, lng: 11.5021 }, { areaOffsetNorthM: null, areaOffsetEastM: null });
    expect(columns.areaLat).not.toBeNull();
    expect(distanceM({ lat: 3.848, lng: 11.5021 }, { lat: columns.areaLat!, lng: columns.areaLng! })).toBeLessThan(GEO.areaRadiusM);
  });
});

import { boxContains, distanceM, GEO, LANDMARK_KINDS, LANDMARK_TOWN_RADIUS_KM, LANDMARKS, landmarksOf, TOWN_VIEWS, TOWNS, townView } from '../index.js';

describe('landmarks', () => {
  test('every landmark lies in Cameroon and near its town', () => {
    for (const l of LANDMARKS) {
      expect({ id: l.id, inCameroon: boxContains(GEO.cameroon, l) }).toEqual({ id: l.id, inCameroon: true });
      const centre = townView(l.town);
      expect(centre).not.toBe(undefined);
      const km = distanceM(centre, l) / 1000;
      expect({ id: l.id, near: km <= LANDMARK_TOWN_RADIUS_KM }).toEqual({ id: l.id, near: true });
    }
  });

  test('ids are unique, kinds known, names within the landmark length', () => {
    expect(new Set(LANDMARKS.map((l) => l.id)).size).toBe(LANDMARKS.length);
    for (const l of LANDMARKS) {
      expect(LANDMARK_KINDS).toContain(l.kind);
      expect(l.name.length).toBeLessThanOrEqual(GEO.landmarkMax);
    }
  });

  test('the eight towns of the issue each have a view in Cameroon and a market or junction', () => {
    for (const town of ['Douala', 'Yaounde', 'Buea', 'Limbe', 'Bamenda', 'Bafoussam', 'Garoua', 'Kribi'] as const) {
      expect(TOWNS).toContain(town);
      expect(boxContains(GEO.cameroon, TOWN_VIEWS[town])).toBe(true);
      expect(landmarksOf(town).some((l) => l.kind === 'market' || l.kind === 'junction')).toBe(true);
    }
  });

  test('a town without a view opens on all of Cameroon', () => {
    const view = townView('Yokadouma');
    expect(boxContains(GEO.cameroon, view)).toBe(true);
    expect(view.zoom).toBeLessThan(8);
    expect(landmarksOf('Yokadouma')).toEqual([]);
  });
});

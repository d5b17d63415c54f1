// Places renters know, per town: the "Near a place" picker on the home map and the first view of a
// town's map. Positions were placed by hand from general knowledge, to about 500 m; they are to be
// checked against OpenStreetMap (ODbL) before launch. docs/maps.md says so and how.
import type { GeoPoint } from './geo.js';
import type { Town } from './towns.js';

export const LANDMARK_KINDS = ['market', 'university', 'hospital', 'junction'] as const;
export type LandmarkKind = (typeof LANDMARK_KINDS)[number];

export interface Landmark extends GeoPoint {
  /** Stable: a saved "near" or a test may name it. */
  id: string;
  town: Town;
  kind: LandmarkKind;
  /** Its local name, as people say it (not translated). */
  name: string;
}

/** A town's map opens here, at this zoom (a few kilometres across on a phone). */
export interface TownView extends GeoPoint {
  zoom: number;
}

export const TOWN_VIEWS = {
  Douala: { lat: 4.05, lng: 9.715, zoom: 13 },
  Yaounde: { lat: 3.866, lng: 11.516, zoom: 13 },
  Buea: { lat: 4.152, lng: 9.27, zoom: 13 },
  Limbe: { lat: 4.016, lng: 9.205, zoom: 14 },
  Bamenda: { lat: 5.96, lng: 10.15, zoom: 13 },
  Bafoussam: { lat: 5.476, lng: 10.418, zoom: 14 },
  Garoua: { lat: 9.302, lng: 13.395, zoom: 13 },
  Kribi: { lat: 2.945, lng: 9.91, zoom: 14 },
} as const satisfies Partial<Record<Town, TownView>>;

/** Where a map opens when its town has no view above: all of Cameroon. */
export const CAMEROON_VIEW: TownView = { lat: 7.35, lng: 12.35, zoom: 6 };

/** A landmark must lie this close to its town's view centre (the contracts test checks it). */
export const LANDMARK_TOWN_RADIUS_KM = 20;

const L = (town: Town, kind: LandmarkKind, id: string, name: string, lat: number, lng: number): Landmark => ({ id, town, kind, name, lat, lng });

export const LANDMARKS: readonly Landmark[] = [
  // Douala
  L('Douala', 'market', 'douala-marche-central', 'Marché Central', 4.0475, 9.703),
  L('Douala', 'market', 'douala-marche-mboppi', 'Marché Mboppi', 4.053, 9.713),
  L('Douala', 'market', 'douala-marche-ndokoti', 'Marché Ndokoti', 4.046, 9.742),
  L('Douala', 'university', 'douala-universite', 'Université de Douala (Ndogbong)', 4.0575, 9.7335),
  L('Douala', 'hospital', 'douala-laquintinie', 'Hôpital Laquintinie', 4.0545, 9.703),
  L('Douala', 'hospital', 'douala-hopital-general', 'Hôpital Général de Douala', 4.069, 9.761),
  L('Douala', 'junction', 'douala-rond-point-deido', 'Rond-point Deido', 4.063, 9.711),
  L('Douala', 'junction', 'douala-carrefour-ndokoti', 'Carrefour Ndokoti', 4.045, 9.743),
  L('Douala', 'junction', 'douala-carrefour-bonamoussadi', 'Carrefour Bonamoussadi', 4.09, 9.743),
  L('Douala', 'junction', 'douala-rond-point-bonaberi', 'Rond-point Bonabéri', 4.075, 9.678),
  L('Douala', 'junction', 'douala-akwa', 'Akwa, Boulevard de la Liberté', 4.051, 9.699),
  // Yaoundé
  L('Yaounde', 'market', 'yaounde-marche-central', 'Marché Central', 3.868, 11.516),
  L('Yaounde', 'market', 'yaounde-marche-mokolo', 'Marché Mokolo', 3.876, 11.503),
  L('Yaounde', 'market', 'yaounde-marche-mfoundi', 'Marché Mfoundi', 3.862, 11.524),
  L('Yaounde', 'university', 'yaounde-universite-1', 'Université de Yaoundé I (Ngoa-Ekellé)', 3.859, 11.499),
  L('Yaounde', 'hospital', 'yaounde-hopital-central', 'Hôpital Central', 3.872, 11.512),
  L('Yaounde', 'hospital', 'yaounde-chu', 'CHU de Yaoundé (Melen)', 3.864, 11.496),
  L('Yaounde', 'junction', 'yaounde-poste-centrale', 'Poste Centrale', 3.8637, 11.515),
  L('Yaounde', 'junction', 'yaounde-carrefour-warda', 'Carrefour Warda', 3.87, 11.518),
  L('Yaounde', 'junction', 'yaounde-rond-point-nlongkak', 'Rond-point Nlongkak', 3.88, 11.52),
  L('Yaounde', 'junction', 'yaounde-carrefour-bastos', 'Carrefour Bastos', 3.891, 11.51),
  L('Yaounde', 'junction', 'yaounde-carrefour-mvan', 'Carrefour Mvan', 3.826, 11.52),
  L('Yaounde', 'junction', 'yaounde-carrefour-etoa-meki', 'Carrefour Etoa-Meki', 3.877, 11.527),
  // Buea
  L('Buea', 'market', 'buea-town-market', 'Buea Town market', 4.159, 9.238),
  L('Buea', 'market', 'buea-muea-market', 'Muea market', 4.12, 9.295),
  L('Buea', 'university', 'buea-university', 'University of Buea (Molyko)', 4.148, 9.287),
  L('Buea', 'hospital', 'buea-regional-hospital', 'Buea Regional Hospital', 4.157, 9.243),
  L('Buea', 'junction', 'buea-molyko', 'Molyko junction', 4.146, 9.29),
  L('Buea', 'junction', 'buea-mile-17', 'Mile 17 motor park', 4.138, 9.3),
  L('Buea', 'junction', 'buea-great-soppo', 'Great Soppo', 4.156, 9.256),
  // Limbe
  L('Limbe', 'market', 'limbe-main-market', 'Limbe main market', 4.014, 9.205),
  L('Limbe', 'market', 'limbe-down-beach', 'Down Beach fish market', 4.009, 9.21),
  L('Limbe', 'hospital', 'limbe-regional-hospital', 'Limbe Regional Hospital', 4.018, 9.206),
  L('Limbe', 'junction', 'limbe-half-mile', 'Half Mile', 4.02, 9.2),
  L('Limbe', 'junction', 'limbe-mile-4', 'Mile 4 junction', 4.042, 9.207),
  L('Limbe', 'junction', 'limbe-bota', 'Bota roundabout', 4.006, 9.193),
  // Bamenda
  L('Bamenda', 'market', 'bamenda-main-market', 'Bamenda main market', 5.961, 10.15),
  L('Bamenda', 'market', 'bamenda-food-market', 'Food market', 5.965, 10.145),
  L('Bamenda', 'university', 'bamenda-university', 'University of Bamenda (Bambili)', 6.007, 10.254),
  L('Bamenda', 'hospital', 'bamenda-regional-hospital', 'Bamenda Regional Hospital', 5.957, 10.16),
  L('Bamenda', 'junction', 'bamenda-commercial-avenue', 'Commercial Avenue', 5.959, 10.148),
  L('Bamenda', 'junction', 'bamenda-city-chemist', 'City Chemist roundabout', 5.96, 10.152),
  L('Bamenda', 'junction', 'bamenda-nkwen', 'Nkwen, Mile 4', 5.978, 10.171),
  // Bafoussam
  L('Bafoussam', 'market', 'bafoussam-marche-a', 'Marché A', 5.477, 10.419),
  L('Bafoussam', 'market', 'bafoussam-marche-b', 'Marché B', 5.483, 10.423),
  L('Bafoussam', 'hospital', 'bafoussam-hopital-regional', 'Hôpital régional de Bafoussam', 5.474, 10.412),
  L('Bafoussam', 'junction', 'bafoussam-carrefour-tamdja', 'Carrefour Tamdja', 5.485, 10.415),
  L('Bafoussam', 'junction', 'bafoussam-gare-routiere', 'Gare routière', 5.472, 10.421),
  // Garoua
  L('Garoua', 'market', 'garoua-grand-marche', 'Grand marché', 9.301, 13.395),
  L('Garoua', 'hospital', 'garoua-hopital-regional', 'Hôpital régional de Garoua', 9.305, 13.392),
  L('Garoua', 'junction', 'garoua-pont-benoue', 'Pont de la Bénoué', 9.292, 13.387),
  L('Garoua', 'junction', 'garoua-stade-roumde-adjia', 'Stade Roumdé Adjia', 9.322, 13.39),
  // Kribi
  L('Kribi', 'market', 'kribi-marche', 'Marché de Kribi', 2.94, 9.91),
  L('Kribi', 'hospital', 'kribi-hopital', 'Hôpital de district de Kribi', 2.944, 9.911),
  L('Kribi', 'junction', 'kribi-gare-routiere', 'Gare routière', 2.945, 9.912),
  L('Kribi', 'junction', 'kribi-chutes-lobe', 'Chutes de la Lobé', 2.88, 9.899),
];

/** The first view of a town's map (all of Cameroon for a town without one). */
export function townView(town: string | undefined): TownView {
  return (town && (TOWN_VIEWS as Partial<Record<string, TownView>>)[town]) || CAMEROON_VIEW;
}

/** A town's landmarks, by name. */
export function landmarksOf(town: string | undefined): Landmark[] {
  return LANDMARKS.filter((l) => l.town === town).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Fixed list of real Cameroonian towns offered in the location pickers (docs/api.md#values),
 * alphabetical, written without accents (Yaounde, Ngaoundere).
 */
export const TOWNS = [
  'Abong-Mbang', 'Akonolinga', 'Ambam', 'Ayos', 'Bafang', 'Bafia',
  'Bafoussam', 'Bafut', 'Bali', 'Bamenda', 'Bandjoun', 'Bangangte',
  'Bangem', 'Banyo', 'Batibo', 'Batouri', 'Belabo', 'Bertoua',
  'Buea', 'Djoum', 'Douala', 'Dschang', 'Ebolowa', 'Edea',
  'Ekondo-Titi', 'Eseka', 'Figuil', 'Fontem', 'Foumban', 'Foumbot',
  'Fundong', 'Garoua', 'Garoua-Boulai', 'Guider', 'Idenau', 'Jakiri',
  'Kaele', 'Kousseri', 'Kribi', 'Kumba', 'Kumbo', 'Kye-Ossi',
  'Limbe', 'Lolodorf', 'Lomie', 'Loum', 'Mamfe', 'Manjo',
  'Maroua', 'Mbalmayo', 'Mbandjock', 'Mbanga', 'Mbengwi', 'Mbouda',
  'Meiganga', 'Melong', 'Mfou', 'Mokolo', 'Monatele', 'Mora',
  'Mundemba', 'Mutengene', 'Muyuka', 'Nanga-Eboko', 'Ndop', 'Ndu',
  'Ngaoundal', 'Ngaoundere', 'Nguti', 'Nkambe', 'Nkongsamba', 'Ntui',
  'Obala', 'Penja', 'Sangmelima', 'Santa', 'Tchollire', 'Tibati',
  'Tignere', 'Tiko', 'Tombel', 'Wum', 'Yabassi', 'Yagoua',
  'Yaounde', 'Yokadouma', 'Yoko',
] as const;
export type Town = (typeof TOWNS)[number];

/** Cameroon's ten regions, by a stable key (their names per language: REGION_LABELS, REGION_LABELS_FR). */
export const REGIONS = [
  'adamawa', 'centre', 'east', 'far-north', 'littoral',
  'north', 'north-west', 'south', 'south-west', 'west',
] as const;
export type Region = (typeof REGIONS)[number];
export const REGION_LABELS: Readonly<Record<Region, string>> = {
  adamawa: 'Adamawa',
  centre: 'Centre',
  east: 'East',
  'far-north': 'Far North',
  littoral: 'Littoral',
  north: 'North',
  'north-west': 'North-West',
  south: 'South',
  'south-west': 'South-West',
  west: 'West',
};

/**
 * The region of each town of the list: a record over `Town`, so a town added to TOWNS without its
 * region does not compile. Search engines read it as a listing's `addressRegion` (gateway
 * static/structured-data.ts).
 */
export const TOWN_REGIONS: Readonly<Record<Town, Region>> = {
  'Abong-Mbang': 'east', Akonolinga: 'centre', Ambam: 'south', Ayos: 'centre', Bafang: 'west', Bafia: 'centre',
  Bafoussam: 'west', Bafut: 'north-west', Bali: 'north-west', Bamenda: 'north-west', Bandjoun: 'west', Bangangte: 'west',
  Bangem: 'south-west', Banyo: 'adamawa', Batibo: 'north-west', Batouri: 'east', Belabo: 'east', Bertoua: 'east',
  Buea: 'south-west', Djoum: 'south', Douala: 'littoral', Dschang: 'west', Ebolowa: 'south', Edea: 'littoral',
  'Ekondo-Titi': 'south-west', Eseka: 'centre', Figuil: 'north', Fontem: 'south-west', Foumban: 'west', Foumbot: 'west',
  Fundong: 'north-west', Garoua: 'north', 'Garoua-Boulai': 'east', Guider: 'north', Idenau: 'south-west', Jakiri: 'north-west',
  Kaele: 'far-north', Kousseri: 'far-north', Kribi: 'south', Kumba: 'south-west', Kumbo: 'north-west', 'Kye-Ossi': 'south',
  Limbe: 'south-west', Lolodorf: 'south', Lomie: 'east', Loum: 'littoral', Mamfe: 'south-west', Manjo: 'littoral',
  Maroua: 'far-north', Mbalmayo: 'centre', Mbandjock: 'centre', Mbanga: 'littoral', Mbengwi: 'north-west', Mbouda: 'west',
  Meiganga: 'adamawa', Melong: 'littoral', Mfou: 'centre', Mokolo: 'far-north', Monatele: 'centre', Mora: 'far-north',
  Mundemba: 'south-west', Mutengene: 'south-west', Muyuka: 'south-west', 'Nanga-Eboko': 'centre', Ndop: 'north-west', Ndu: 'north-west',
  Ngaoundal: 'adamawa', Ngaoundere: 'adamawa', Nguti: 'south-west', Nkambe: 'north-west', Nkongsamba: 'littoral', Ntui: 'centre',
  Obala: 'centre', Penja: 'littoral', Sangmelima: 'south', Santa: 'north-west', Tchollire: 'north', Tibati: 'adamawa',
  Tignere: 'adamawa', Tiko: 'south-west', Tombel: 'south-west', Wum: 'north-west', Yabassi: 'littoral', Yagoua: 'far-north',
  Yaounde: 'centre', Yokadouma: 'east', Yoko: 'centre',
};

/** Extra option that lets a person type a town not in the list. */
export const OTHER_TOWN_OPTION = 'Other (please specify)';
export const OTHER_TOWN_VALUE = 'Other';

export function isKnownTown(value: string): boolean {
  const key = foldTown(value);
  return TOWNS.some((t) => foldTown(t) === key);
}

/** Case- and accent-insensitive comparison key ("Yaoundé" → "yaounde"). */
export function foldTown(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-']+/g, ' ')
    .trim();
}

/** The region of a town of the list, whatever its case and accents ('Yaoundé' → 'centre'); undefined for a town typed in. */
export function regionOfTown(value: string): Region | undefined {
  const key = foldTown(value);
  const town = TOWNS.find((t) => foldTown(t) === key);
  return town ? TOWN_REGIONS[town] : undefined;
}

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

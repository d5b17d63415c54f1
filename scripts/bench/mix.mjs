// The realistic search mix: thousands of distinct search URLs drawn from the real filter space and
// from words that occur in the bench listings (English and French), with one-letter typos, shuffled.
// Deterministic (seeded), so two runs drive the same mix.

/** Words the bench titles and descriptions contain (see TITLE_PHRASES / DESCRIPTION_PHRASES). */
export const TITLE_PHRASES = [
  'near the market', 'with parking', 'close to the road', 'in a quiet area', 'newly built', 'with water tank',
  'fully tiled', 'with balcony', 'près du marché', 'avec parking', 'quartier calme', 'neuf et carrelé',
];
export const DESCRIPTION_PHRASES = [
  'walking distance to schools', 'near the main road', 'secure compound', 'good neighbourhood', 'close to the hospital',
  'proche des écoles', 'au bord de la route', 'barrière sécurisée', 'bon voisinage', 'près de l’hôpital',
];
export const NEIGHBOURHOODS = ['Molyko', 'Bonapriso', 'Akwa', 'Bastos', 'Mile 4', 'Bonamoussadi', 'Up Station', 'Great Soppo', 'Makepe', 'Nkolbisson'];

const TEXT_WORDS = [
  'apartment', 'studio', 'duplex', 'bungalow', 'office', 'shop', 'room', 'house', 'market', 'parking', 'road', 'quiet',
  'balcony', 'tiled', 'water', 'schools', 'hospital', 'compound', 'marché', 'marche', 'calme', 'quartier', 'carrelé',
  'écoles', 'route', 'voisinage', 'hôpital', 'sécurisée', 'douala', 'yaounde', 'buea', 'limbe', 'bamenda', 'molyko',
  'bonapriso', 'akwa', 'bastos', 'makepe',
];

/** A small seeded generator (mulberry32): the same mix every run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];

/** One letter dropped, doubled or replaced: what a thumb on a phone keyboard does. */
function typo(rnd, word) {
  const letters = [...word];
  const i = 1 + Math.floor(rnd() * (letters.length - 2));
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) letters.splice(i, 1);
  else if (kind === 1) letters.splice(i, 0, letters[i]);
  else letters[i] = pick(rnd, [...'aeioulnrst'].filter((c) => c !== letters[i]));
  return letters.join('');
}

function textTerm(rnd) {
  const words = [pick(rnd, TEXT_WORDS)];
  if (rnd() < 0.35) words.push(pick(rnd, TEXT_WORDS));
  return words.map((w) => ([...w].length >= 5 && rnd() < 0.3 ? typo(rnd, w) : w)).join(' ');
}

/**
 * `count` distinct search paths. Shapes in the proportions a home page sees: browsing with filters
 * (most), text alone, text with filters, the bare first pages.
 */
export function searchMix({ count, towns, typesByCategory, seed = 14 }) {
  const rnd = random(seed);
  // The towns people search most hold most listings: half the searches name one of ten big towns.
  const bigTowns = ['Douala', 'Yaounde', 'Buea', 'Limbe', 'Bamenda', 'Bafoussam', 'Kumba', 'Garoua', 'Kribi', 'Dschang'];
  const paths = new Set();
  let guard = 0;
  while (paths.size < count && guard++ < count * 50) {
    const q = new URLSearchParams();
    const shape = rnd();
    const withText = shape < 0.45;
    const withFilters = shape >= 0.3;
    if (withText) q.set('search', textTerm(rnd));
    if (withFilters) {
      if (rnd() < 0.7) q.set('town', rnd() < 0.6 ? pick(rnd, bigTowns) : pick(rnd, towns));
      const category = rnd() < 0.5 ? pick(rnd, ['residential', 'commercial']) : undefined;
      if (category) q.set('category', category);
      if (rnd() < 0.4) q.set('propertyType', pick(rnd, typesByCategory[category ?? pick(rnd, ['residential', 'commercial'])]));
      if (rnd() < 0.3) q.set('rooms', String(1 + Math.floor(rnd() * 5)));
      if (rnd() < 0.4) {
        const min = pick(rnd, [0, 25_000, 50_000, 100_000, 150_000, 200_000]);
        const max = min + pick(rnd, [50_000, 100_000, 200_000, 300_000]);
        if (min > 0) q.set('minPrice', String(min));
        q.set('maxPrice', String(max));
      }
    }
    const page = rnd() < 0.6 ? 1 : 2 + Math.floor(rnd() * 4);
    if (page > 1) q.set('page', String(page));
    const s = q.toString();
    paths.add(`/api/properties/search${s ? `?${s}` : ''}`);
  }
  return shuffle([...paths], rnd);
}

export function shuffle(list, rnd = random(7)) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/**
 * `count` distinct home page addresses (`/?town=…&category=…`), the filters of the search mix drawn
 * with another seed (so the JSON search mix has not warmed the listings cache for them), without the
 * page number (the server draws the first page); every other one asks for English (`lang=en`), the
 * rest get French, the language of a visitor whose browser names neither.
 */
export function homePageMix({ count, towns, typesByCategory, seed = 24 }) {
  const paths = new Set();
  for (const api of searchMix({ count: count * 2, towns, typesByCategory, seed })) {
    if (paths.size >= count) break;
    const q = new URLSearchParams(api.slice(api.indexOf('?') + 1));
    q.delete('page');
    if (paths.size % 2 === 1) q.set('lang', 'en');
    const s = q.toString();
    paths.add(`/${s ? `?${s}` : ''}`);
  }
  return [...paths];
}

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

/**
 * Where each bench town's listings are (issue 28): the towns with a map view (contracts TOWN_VIEWS)
 * at their real centre, every other one at a made-up place inside Cameroon (spread by its index, so
 * the same every run). Only the bench uses them: positions of the other towns are not geography.
 */
export function benchTownCentres(towns, views) {
  return towns.map((town, i) => {
    const view = views[town];
    if (view) return { town, lat: view.lat, lng: view.lng };
    return { town, lat: +(2.3 + (((i * 37) % 100) / 100) * 9.5).toFixed(3), lng: +(9.6 + (((i * 53) % 100) / 100) * 5.5).toFixed(3) };
  });
}

/** A pinned bench listing's area centre is at most this far from its town's centre, in degrees each way (about 4.5 km). */
export const BENCH_AREA_SPREAD_DEG = 0.04;

/**
 * `count` distinct searches by area, the way the map and "near me" ask them:
 * - `box`: the map's visible area over a town's listings (a street, a neighbourhood, the town, the
 *   region around it), sometimes with the home page's filters and a later page;
 * - `distance`: `near` a point of a town (a phone's position, a landmark) with `sort=distance`,
 *   sometimes with filters (a town, a category, a price) and a later page;
 * - `map`: GET /api/properties/map for the same boxes (the map's points, up to GEO.mapPoints).
 */
export function areaMix({ count, centres, kind, seed = 28 }) {
  const rnd = random(seed + ['box', 'distance', 'map'].indexOf(kind));
  // The towns with a map view (where the map is most used) get half the searches.
  const viewed = centres.filter((c) => ['Douala', 'Yaounde', 'Buea', 'Limbe', 'Bamenda', 'Bafoussam', 'Garoua', 'Kribi'].includes(c.town));
  const coordinate = (n) => String(+n.toFixed(4));
  const paths = new Set();
  let guard = 0;
  while (paths.size < count && guard++ < count * 50) {
    const c = rnd() < 0.5 && viewed.length ? pick(rnd, viewed) : pick(rnd, centres);
    const q = new URLSearchParams();
    const jitter = () => (rnd() - 0.5) * 2 * BENCH_AREA_SPREAD_DEG;
    if (kind === 'distance') {
      q.set('near', `${coordinate(c.lat + jitter())},${coordinate(c.lng + jitter())}`);
      q.set('sort', 'distance');
      if (rnd() < 0.3) q.set('town', c.town);
    } else {
      // Half-widths: a street, a neighbourhood, the whole town, the region around it (GEO.maxBoxSpanDeg is 2).
      const half = pick(rnd, [0.005, 0.01, 0.02, 0.05, 0.2, 0.9]);
      const lat = c.lat + jitter() / 2;
      const lng = c.lng + jitter() / 2;
      q.set('bbox', [lng - half, lat - half, lng + half, lat + half].map(coordinate).join(','));
    }
    if (rnd() < 0.3) q.set('category', pick(rnd, ['residential', 'commercial']));
    if (rnd() < 0.2) q.set('maxPrice', String(pick(rnd, [50_000, 100_000, 200_000, 300_000])));
    if (kind !== 'map' && rnd() < 0.3) q.set('page', String(2 + Math.floor(rnd() * 3)));
    paths.add(`/api/properties/${kind === 'map' ? 'map' : 'search'}?${q.toString()}`);
  }
  return shuffle([...paths], rnd);
}

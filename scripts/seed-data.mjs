// Demo data for `npm run seed`: realistic Cameroonian listings, generated deterministically.
import { PROPERTY_TYPES_BY_CATEGORY, TOWNS } from '@mboa/contracts';

/** A small deterministic PRNG, so every seed of an empty system looks the same. */
export function prng(seed = 237) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

export const DEMO_LANDLORDS = [
  { name: 'Estelle Ngo Bassa', email: 'demo.estelle@mboa.cm', whatsapp: '677112233', role: 'landlord' },
  { name: 'Emmanuel Tanyi', email: 'demo.emmanuel@mboa.cm', whatsapp: '675445566', role: 'landlord' },
  { name: 'Jean-Pierre Fouda', email: 'demo.jeanpierre@mboa.cm', whatsapp: '699778899', role: 'caretaker' },
  { name: 'Aissatou Bello', email: 'demo.aissatou@mboa.cm', whatsapp: '682334455', role: 'landlord' },
];

/** Real neighbourhoods of the larger towns; other towns get a generic quarter name. */
const NEIGHBOURHOODS = {
  Douala: ['Akwa', 'Bonapriso', 'Bonanjo', 'Makepe', 'Bonamoussadi', 'Deido', 'Logpom', 'Kotto', 'Bepanda', 'Ndokoti', 'Bonaberi', 'PK14'],
  Yaounde: ['Bastos', 'Mvog-Ada', 'Biyem-Assi', 'Essos', 'Omnisport', 'Nlongkak', 'Mendong', 'Odza', 'Emana', 'Ngousso', 'Melen', 'Santa Barbara'],
  Buea: ['Molyko', 'Great Soppo', 'Bonduma', 'Check Point', 'Mile 17', 'Bokwai', 'Bomaka'],
  Limbe: ['Down Beach', 'Bota', 'Mile 4', 'Church Street', 'New Town', 'Mokindi', 'Busumbu'],
  Bamenda: ['Up Station', 'Nkwen', 'Commercial Avenue', 'Ntarinkon', 'Mankon', 'Old Town', 'Bambili'],
  Bafoussam: ['Tamdja', 'Djeleng', 'Kamkop', 'Banengo', 'Tougang'],
  Kribi: ['Mokolo', 'Londji', 'Afan Mabe', 'Ngoye', 'Dombe'],
  Garoua: ['Roumde Adjia', 'Poumpoumre', 'Yelwa', 'Marouare'],
  Maroua: ['Domayo', 'Kakatare', 'Pitoare', 'Dougoi'],
  Ngaoundere: ['Bali', 'Dang', 'Baladji', 'Joli Soir'],
  Bertoua: ['Tigaza', 'Ndemba', 'Enia'],
  Ebolowa: ['Nkoovos', 'Angale', 'Mekalat'],
  Kumba: ['Fiango', 'Kosala', 'Mbonge Road', 'Buea Road'],
  Dschang: ['Foto', 'Ngui', 'Keleng'],
  Edea: ['Ekite', 'Bilalang', 'Pongo'],
  Tiko: ['Likomba', 'Holforth', 'Mutengene Road'],
  Mbalmayo: ['Oyack', 'Nkolngock'],
  Nkongsamba: ['Quartier 1', 'Baressoumtou'],
  Kumbo: ['Tobin', 'Squares'],
  Sangmelima: ['Mbeta', 'Nko-Ovoss'],
};

/** Where the listings go: mostly the big towns, then a spread over many others. */
const BIG_TOWNS = ['Douala', 'Douala', 'Douala', 'Yaounde', 'Yaounde', 'Yaounde', 'Buea', 'Limbe', 'Bamenda', 'Bafoussam', 'Kribi'];
const OTHER_TOWNS = Object.keys(NEIGHBOURHOODS).filter((t) => !BIG_TOWNS.includes(t));

const SPECS = {
  'Single Room': { price: [15000, 35000], bedrooms: [1, 1], toilets: [0, 1], kitchens: [0, 0], livingRooms: [0, 0], size: [12, 20] },
  'Guest House': { price: [12000, 40000], term: 'daily', bedrooms: [1, 3], toilets: [1, 2], kitchens: [0, 1], livingRooms: [1, 1], size: [30, 90] },
  studio: { price: [35000, 90000], bedrooms: [1, 1], toilets: [1, 1], kitchens: [1, 1], livingRooms: [0, 1], size: [22, 40] },
  apartment: { price: [70000, 350000], bedrooms: [2, 4], toilets: [1, 3], kitchens: [1, 1], livingRooms: [1, 2], size: [55, 160] },
  duplex: { price: [250000, 900000], bedrooms: [3, 6], toilets: [3, 5], kitchens: [1, 2], livingRooms: [1, 2], size: [150, 320] },
  bungalow: { price: [120000, 500000], bedrooms: [2, 5], toilets: [2, 3], kitchens: [1, 1], livingRooms: [1, 2], size: [90, 240] },
  office: { price: [90000, 600000], sections: [1, 6], toilets: [1, 3], size: [25, 250] },
  shop: { price: [35000, 250000], sections: [1, 2], toilets: [0, 1], size: [12, 80] },
  warehouse: { price: [250000, 1500000], term: 'quarterly', sections: [1, 4], toilets: [1, 2], size: [200, 1500] },
  container: { price: [20000, 80000], sections: [1, 1], toilets: [0, 0], size: [14, 30] },
};

const TITLES = {
  'Single Room': ['Self-contained room near {n}', 'Affordable single room in {n}', 'Student room close to {n} junction'],
  'Guest House': ['Cosy guest house in {n}', 'Furnished guest house, {n}', 'Quiet guest house for short stays in {n}'],
  studio: ['Modern studio in {n}', 'Furnished studio with balcony, {n}', 'Neat studio near {n} market'],
  apartment: ['{b}-bedroom apartment in {n}', 'Spacious {b}-bedroom flat, {n}', 'New {b}-bedroom apartment with parking, {n}'],
  duplex: ['Luxury {b}-bedroom duplex in {n}', 'Family duplex with garden, {n}', 'Executive duplex with pool access, {n}'],
  bungalow: ['{b}-bedroom bungalow in {n}', 'Fenced bungalow with compound, {n}', 'Quiet family bungalow, {n}'],
  office: ['Office space in {n}', 'Modern office suite, {n}', 'Ground-floor office on the main road, {n}'],
  shop: ['Shop on a busy street in {n}', 'Boutique space near {n} market', 'Corner shop, {n}'],
  warehouse: ['Warehouse with truck access, {n}', 'Secure storage warehouse in {n}', 'Large warehouse near the highway, {n}'],
  container: ['Business container by the road, {n}', 'Container kiosk in {n}', 'Secure container space, {n}'],
};

const OPENERS = {
  residential: [
    'Located in a calm and secure part of {n}, {t},',
    'A short walk from the main road in {n}, {t},',
    'In the heart of {n}, {t}, close to shops and taxis,',
  ],
  commercial: [
    'Well placed in {n}, {t}, with plenty of passers-by,',
    'On a busy axis of {n}, {t}, easy for customers to find,',
    'In a growing business area of {n}, {t},',
  ],
};

const AMENITY_POOL = {
  residential: ['water', 'electricity', 'internet', 'parking', 'security', 'furnished', 'ac', 'balcony', 'swimming_pool', 'gym'],
  commercial: ['water', 'electricity', 'internet', 'parking', 'security', 'ac'],
};

const AMENITY_WORDS = {
  water: 'running CAMWATER water', electricity: 'ENEO electricity with a separate meter', internet: 'fibre internet',
  parking: 'parking space', security: 'a night watchman', furnished: 'furniture included', ac: 'air conditioning',
  balcony: 'a balcony', swimming_pool: 'a shared swimming pool', gym: 'a small gym',
};

function range(r, rand) {
  return r ? rand.int(r[0], r[1]) : undefined;
}

/** About `count` listings over both categories and every type, in many towns. */
export function demoListings(count = 60, seed = 237) {
  const rand = prng(seed);
  const types = [
    ...PROPERTY_TYPES_BY_CATEGORY.residential.map((t) => ['residential', t]),
    ...PROPERTY_TYPES_BY_CATEGORY.commercial.map((t) => ['commercial', t]),
  ];
  const weights = { 'Single Room': 7, 'Guest House': 4, studio: 8, apartment: 12, duplex: 4, bungalow: 6, office: 6, shop: 6, warehouse: 3, container: 4 };
  const queue = types.flatMap(([c, t]) => Array.from({ length: weights[t] }, () => [c, t]));
  for (let i = queue.length - 1; i > 0; i--) {
    const j = rand.int(0, i);
    [queue[i], queue[j]] = [queue[j], queue[i]];
  }
  const listings = [];
  for (let i = 0; i < count; i++) {
    const [category, propertyType] = queue[i % queue.length];
    const spec = SPECS[propertyType];
    const town = i % 3 === 2 ? rand.pick(OTHER_TOWNS) : rand.pick(BIG_TOWNS);
    if (!TOWNS.includes(town)) throw new Error(`seed: ${town} is not in TOWNS`);
    const neighbourhood = rand.pick(NEIGHBOURHOODS[town]);
    const bedrooms = range(spec.bedrooms, rand);
    const title = rand.pick(TITLES[propertyType]).replace('{n}', neighbourhood).replace('{b}', String(bedrooms ?? 1));
    const price = Math.round(rand.int(spec.price[0], spec.price[1]) / 5000) * 5000 || 5000;
    const paymentTerm = spec.term ?? (category === 'commercial' && rand.chance(0.2) ? 'yearly' : 'monthly');
    const finalPrice = paymentTerm === 'yearly' ? price * 12 : price;
    const pool = AMENITY_POOL[category];
    const amenities = ['water', 'electricity', ...pool.slice(2).filter(() => rand.chance(0.35))];
    const specifications =
      category === 'residential'
        ? {
            bedrooms,
            toilets: range(spec.toilets, rand),
            kitchens: range(spec.kitchens, rand),
            livingRooms: range(spec.livingRooms, rand),
            size: range(spec.size, rand),
            distanceFromRoad: rand.int(0, 15),
          }
        : { sections: range(spec.sections, rand), toilets: range(spec.toilets, rand), size: range(spec.size, rand), distanceFromRoad: rand.int(0, 300) };
    const opener = rand.pick(OPENERS[category]).replace('{n}', neighbourhood).replace('{t}', town);
    const what =
      category === 'residential'
        ? `this ${propertyType.toLowerCase()} offers ${bedrooms} bedroom${bedrooms > 1 ? 's' : ''}, ${specifications.toilets} toilet${specifications.toilets === 1 ? '' : 's'} and about ${specifications.size} m²`
        : `this ${propertyType} offers ${specifications.sections} section${specifications.sections > 1 ? 's' : ''} and about ${specifications.size} m²`;
    const extras = amenities.map((a) => AMENITY_WORDS[a]);
    const description = `${opener} ${what}. It comes with ${extras.slice(0, -1).join(', ')}${extras.length > 1 ? ' and ' : ''}${extras.at(-1)}. ${
      category === 'residential' ? 'Tiled floors, good ventilation and a tarred road up to the gate.' : 'Suitable for retail, services or storage; visits on appointment.'
    } Caution payable before moving in.`;
    listings.push({
      category,
      propertyType,
      title,
      description,
      paymentTerm,
      price: finalPrice,
      caution: paymentTerm === 'daily' ? 0 : price * rand.int(1, 3),
      // Months of rent asked in advance, as landlords here often ask for a monthly rent; taken from
      // the listing's place in the list, not the random stream, so every other value stays as it was.
      advanceMonths: paymentTerm === 'monthly' ? [3, 0, 6, 1, 12][i % 5] : 0,
      availability: 'available',
      location: { country: 'Cameroon', town, neighbourhood },
      amenities,
      specifications,
      photos: rand.int(1, 4),
      palette: rand.int(0, 1_000_000),
    });
  }
  return listings;
}

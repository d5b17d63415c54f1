// A fixed catalogue for the relevance set (search-relevance.ts): listings as owners here write them,
// in English and French, across the big towns and their neighbourhoods, every property type. Each
// listing has a key the queries name, a fixed id and a fixed day (the later in the list, the newer),
// so "ties newest first" is the same answer on every run and in every adapter.
import { categoryOfType, type Amenity, type PaymentTerm, type PropertyType } from '@mboa/contracts';
import type { SearchDocument } from '../search-document.js';
import { doc } from './fixtures.js';

interface ListingSpec {
  title: string;
  description: string;
  town: string;
  neighbourhood: string;
  propertyType: PropertyType;
  price: number;
  paymentTerm?: PaymentTerm;
  /** Bedrooms for a residential type, sections for a commercial one. */
  rooms: number;
  amenities?: readonly Amenity[];
  controlChecked?: boolean;
}

const LISTINGS = {
  // Douala
  'dla-bonapriso-apartment': {
    title: 'Modern 3-bedroom apartment in Bonapriso', town: 'Douala', neighbourhood: 'Bonapriso', propertyType: 'apartment',
    price: 250_000, rooms: 3, amenities: ['water', 'electricity', 'parking', 'security', 'ac'], controlChecked: true,
    description: 'Tiled floors, air conditioning in every bedroom, guarded compound with parking.',
  },
  'dla-bonapriso-appartement': {
    title: 'Bel appartement meublé à Bonapriso', town: 'Douala', neighbourhood: 'Bonapriso', propertyType: 'apartment',
    price: 350_000, rooms: 2, amenities: ['furnished', 'internet', 'ac'],
    description: 'Appartement climatisé, cuisine équipée, groupe électrogène.',
  },
  'dla-akwa-office': {
    title: 'Office space on Boulevard de la Liberté', town: 'Douala', neighbourhood: 'Akwa', propertyType: 'office',
    price: 600_000, rooms: 4, amenities: ['electricity', 'parking', 'security'], controlChecked: true,
    description: 'Open-plan floor with reception, lift and generator.',
  },
  'dla-akwa-boutique': {
    title: 'Boutique au rez-de-chaussée à Akwa', town: 'Douala', neighbourhood: 'Akwa', propertyType: 'shop',
    price: 150_000, rooms: 1, amenities: ['electricity'],
    description: 'Vitrine sur rue passante, idéale pour un commerce de téléphones.',
  },
  'dla-akwa-studio': {
    title: 'Studio meublé à Akwa', town: 'Douala', neighbourhood: 'Akwa', propertyType: 'studio',
    price: 120_000, rooms: 1, amenities: ['furnished', 'internet', 'ac', 'water'],
    description: 'Studio moderne avec climatisation et eau chaude.',
  },
  'dla-makepe-chambre': {
    title: 'Chambre moderne à Makepe', town: 'Douala', neighbourhood: 'Makepe', propertyType: 'Single Room',
    price: 35_000, rooms: 1, amenities: ['water'],
    description: 'Chambre carrelée avec douche interne, forage dans la cour.',
  },
  'dla-bonamoussadi-duplex': {
    title: 'Duplex with garden in Bonamoussadi', town: 'Douala', neighbourhood: 'Bonamoussadi', propertyType: 'duplex',
    price: 400_000, rooms: 4, amenities: ['water', 'electricity', 'parking', 'security'],
    description: 'Four bedrooms, two living rooms, garden and garage.',
  },
  'dla-bonaberi-warehouse': {
    title: 'Warehouse near the port road', town: 'Douala', neighbourhood: 'Bonaberi', propertyType: 'warehouse',
    price: 1_200_000, rooms: 2, amenities: ['electricity', 'security'],
    description: 'Large storage hall with truck access.',
  },
  'dla-bonaberi-container': {
    title: 'Container for a small business', town: 'Douala', neighbourhood: 'Bonaberi', propertyType: 'container',
    price: 40_000, rooms: 1, amenities: ['electricity'],
    description: 'Twenty-foot container on a busy corner, electricity connected.',
  },
  'dla-deido-room': {
    title: 'Self-contained room in Deido', town: 'Douala', neighbourhood: 'Deido', propertyType: 'Single Room',
    price: 30_000, rooms: 1, amenities: ['water'],
    description: 'Small room in a shared compound, water included.',
  },
  'dla-bali-maison-hotes': {
    title: 'Maison d’hôtes à Bali', town: 'Douala', neighbourhood: 'Bali', propertyType: 'Guest House',
    price: 25_000, paymentTerm: 'daily', rooms: 5, amenities: ['ac', 'internet', 'water', 'electricity'],
    description: 'Chambres climatisées, petit déjeuner, wifi.',
  },
  'dla-logpom-bungalow': {
    title: 'Bungalow in Logpom', town: 'Douala', neighbourhood: 'Logpom', propertyType: 'bungalow',
    price: 2_400_000, paymentTerm: 'yearly', rooms: 3, amenities: ['water', 'parking'],
    description: 'Quiet area, fenced yard, borehole water.',
  },
  'dla-bonapriso-office': {
    title: 'Office suite in Bonapriso', town: 'Douala', neighbourhood: 'Bonapriso', propertyType: 'office',
    price: 800_000, rooms: 3, amenities: ['internet', 'ac', 'parking'],
    description: 'Three offices and a meeting room, fibre internet.',
  },
  'dla-bonanjo-apartment': {
    title: 'Apartment near Bonapriso, in Bonanjo', town: 'Douala', neighbourhood: 'Bonanjo', propertyType: 'apartment',
    price: 180_000, rooms: 2, amenities: ['water', 'electricity'],
    description: 'Second floor, balcony over the avenue.',
  },
  'dla-bali-studio': {
    title: 'Studio calme à Bali', town: 'Douala', neighbourhood: 'Bali', propertyType: 'studio',
    price: 75_000, rooms: 1, amenities: ['water', 'electricity'],
    description: 'À cinq minutes de Bonapriso, quartier calme.',
  },

  // Yaoundé (one owner typed the town without its accent)
  'yde-bastos-residence': {
    title: 'Résidence de luxe à Bastos', town: 'Yaoundé', neighbourhood: 'Bastos', propertyType: 'duplex',
    price: 900_000, rooms: 5, amenities: ['swimming_pool', 'security', 'gym', 'ac'], controlChecked: true,
    description: 'Grande résidence avec piscine, salle de sport et gardien jour et nuit.',
  },
  'yde-bastos-apartment': {
    title: 'Furnished apartment in Bastos', town: 'Yaoundé', neighbourhood: 'Bastos', propertyType: 'apartment',
    price: 450_000, rooms: 2, amenities: ['furnished', 'internet', 'ac'],
    description: 'Close to the embassies, fibre internet, backup generator.',
  },
  'yde-mvogmbi-studio': {
    title: 'Studio près du marché Mvog-Mbi', town: 'Yaoundé', neighbourhood: 'Mvog-Mbi', propertyType: 'studio',
    price: 60_000, rooms: 1, amenities: ['water', 'electricity'],
    description: 'Studio simple, eau et électricité, proche du carrefour.',
  },
  'yde-mvogmbi-shop': {
    title: 'Shop at Mvog-Mbi market', town: 'Yaoundé', neighbourhood: 'Mvog-Mbi', propertyType: 'shop',
    price: 90_000, rooms: 1, amenities: ['electricity'],
    description: 'Lock-up shop facing the market entrance.',
  },
  'yde-ngoaekelle-chambre': {
    title: 'Chambre étudiant à Ngoa-Ekelle', town: 'Yaoundé', neighbourhood: 'Ngoa-Ekelle', propertyType: 'Single Room',
    price: 25_000, rooms: 1, amenities: ['water', 'electricity'],
    description: 'Près de l’université, chambre modeste.',
  },
  'yde-biyemassi-appartement': {
    title: 'Appartement de 2 chambres à Biyem-Assi', town: 'Yaoundé', neighbourhood: 'Biyem-Assi', propertyType: 'apartment',
    price: 150_000, rooms: 2, amenities: ['parking', 'water'],
    description: 'Appartement neuf et carrelé, parking dans la cour.',
  },
  'yde-omnisport-bureau': {
    title: 'Bureau à louer à Omnisport', town: 'Yaoundé', neighbourhood: 'Omnisport', propertyType: 'office',
    price: 300_000, rooms: 3, amenities: ['ac', 'parking', 'security'],
    description: 'Bureaux climatisés, parking, gardiennage.',
  },
  'yde-essos-magasin': {
    title: 'Magasin de stockage à Essos', town: 'Yaoundé', neighbourhood: 'Essos', propertyType: 'warehouse',
    price: 500_000, rooms: 2, amenities: ['security'],
    description: 'Entrepôt sécurisé, accès camion.',
  },
  'yde-odza-maison': {
    title: 'Maison familiale à Odza', town: 'Yaoundé', neighbourhood: 'Odza', propertyType: 'bungalow',
    price: 200_000, rooms: 4, amenities: ['water', 'parking'],
    description: 'Maison avec jardin, forage et garage.',
  },
  'yde-centre-residence': {
    title: 'Résidence meublée au centre-ville', town: 'Yaoundé', neighbourhood: 'Centre-ville', propertyType: 'apartment',
    price: 30_000, paymentTerm: 'daily', rooms: 1, amenities: ['furnished', 'internet', 'ac'],
    description: 'Appartements meublés à la journée, wifi et climatisation.',
  },
  'yde-emana-room': {
    title: 'Room near the Emana junction', town: 'Yaounde', neighbourhood: 'Emana', propertyType: 'Single Room',
    price: 20_000, rooms: 1, amenities: ['water'],
    description: 'Simple room, shared kitchen.',
  },

  // Buea
  'buea-molyko-studio': {
    title: 'Student studio in Molyko', town: 'Buea', neighbourhood: 'Molyko', propertyType: 'studio',
    price: 45_000, rooms: 1, amenities: ['water', 'electricity'],
    description: 'Walking distance to the University of Buea, water and electricity.',
  },
  'buea-molyko-room': {
    title: 'Single room in Molyko', town: 'Buea', neighbourhood: 'Molyko', propertyType: 'Single Room',
    price: 20_000, rooms: 1, amenities: ['water'],
    description: 'Self contained, tiled, borehole.',
  },
  'buea-greatsoppo-flat': {
    title: 'Two-bedroom flat at Great Soppo', town: 'Buea', neighbourhood: 'Great Soppo', propertyType: 'apartment',
    price: 100_000, rooms: 2, amenities: ['balcony', 'water'],
    description: 'Flat with a balcony and a view of the mountain.',
  },
  'buea-bonduma-bungalow': {
    title: 'Bungalow with compound in Bonduma', town: 'Buea', neighbourhood: 'Bonduma', propertyType: 'bungalow',
    price: 150_000, rooms: 3, amenities: ['parking', 'security'],
    description: 'Fenced compound, parking for two cars.',
  },

  // Limbe
  'limbe-downbeach-shop': {
    title: 'Small shop by the market', town: 'Limbe', neighbourhood: 'Down Beach', propertyType: 'shop',
    price: 80_000, rooms: 1, amenities: ['electricity'],
    description: 'Busy street near the fish market.',
  },
  'limbe-mile4-apartment': {
    title: 'Sea view apartment at Mile 4', town: 'Limbe', neighbourhood: 'Mile 4', propertyType: 'apartment',
    price: 200_000, rooms: 3, amenities: ['balcony', 'security', 'parking'],
    description: 'Balcony facing the sea, security guard, parking.',
  },
  'limbe-bota-guesthouse': {
    title: 'Guest house near the beach', town: 'Limbe', neighbourhood: 'Bota', propertyType: 'Guest House',
    price: 20_000, paymentTerm: 'daily', rooms: 6, amenities: ['ac', 'water'],
    description: 'Rooms with air conditioning and breakfast.',
  },

  // Kribi
  'kribi-londji-bungalow': {
    title: 'Bungalow au bord de la mer', town: 'Kribi', neighbourhood: 'Londji', propertyType: 'bungalow',
    price: 50_000, paymentTerm: 'daily', rooms: 2, amenities: ['ac', 'swimming_pool'],
    description: 'Vue sur la mer, climatisation, piscine.',
  },
  'kribi-mboro-warehouse': {
    title: 'Warehouse near the deep sea port', town: 'Kribi', neighbourhood: 'Mboro', propertyType: 'warehouse',
    price: 1_000_000, rooms: 3, amenities: ['security'],
    description: 'Large hall for containers and trucks.',
  },
  'kribi-centre-studio': {
    title: 'Studio meublé à Kribi centre', town: 'Kribi', neighbourhood: 'Centre', propertyType: 'studio',
    price: 70_000, rooms: 1, amenities: ['furnished', 'ac', 'internet'],
    description: 'Studio climatisé, wifi.',
  },

  // Bamenda
  'bamenda-nkwen-room': {
    title: 'Room to let in Nkwen', town: 'Bamenda', neighbourhood: 'Nkwen', propertyType: 'Single Room',
    price: 15_000, rooms: 1, amenities: ['water', 'electricity'],
    description: 'Quiet neighbourhood with electricity and water.',
  },
  'bamenda-upstation-duplex': {
    title: 'Duplex at Up Station', town: 'Bamenda', neighbourhood: 'Up Station', propertyType: 'duplex',
    price: 250_000, rooms: 4, amenities: ['parking', 'security'],
    description: 'Cool climate, city view, garage.',
  },
  'bamenda-commercial-shop': {
    title: 'Shop along Commercial Avenue', town: 'Bamenda', neighbourhood: 'Commercial Avenue', propertyType: 'shop',
    price: 120_000, rooms: 2, amenities: ['electricity'],
    description: 'Ground floor shop with a storage room.',
  },

  // Bafoussam
  'bafoussam-tamdja-appartement': {
    title: 'Appartement à Tamdja', town: 'Bafoussam', neighbourhood: 'Tamdja', propertyType: 'apartment',
    price: 80_000, rooms: 2, amenities: ['water', 'electricity'],
    description: 'Appartement propre, eau et électricité.',
  },
  'bafoussam-marche-boutique': {
    title: 'Boutique au marché A', town: 'Bafoussam', neighbourhood: 'Marché A', propertyType: 'shop',
    price: 60_000, rooms: 1, amenities: ['electricity'],
    description: 'Boutique bien placée, forte affluence.',
  },
  'bafoussam-bureaux': {
    title: 'Bureaux au centre commercial', town: 'Bafoussam', neighbourhood: 'Centre commercial', propertyType: 'office',
    price: 180_000, rooms: 2, amenities: ['electricity', 'parking'],
    description: 'Deux bureaux et une salle d’attente.',
  },

  // Other towns
  'dschang-foto-chambre': {
    title: 'Chambre moderne près de l’université de Dschang', town: 'Dschang', neighbourhood: 'Foto', propertyType: 'Single Room',
    price: 30_000, rooms: 1, amenities: ['water'],
    description: 'Chambre carrelée, douche interne.',
  },
  'kumba-fiango-apartment': {
    title: 'Apartment in Kumba town', town: 'Kumba', neighbourhood: 'Fiango', propertyType: 'apartment',
    price: 60_000, rooms: 2, amenities: ['water'],
    description: 'Two bedrooms, kitchen and parlour.',
  },
  'garoua-villa': {
    title: 'Villa climatisée à Garoua', town: 'Garoua', neighbourhood: 'Roumdé Adjia', propertyType: 'bungalow',
    price: 250_000, rooms: 4, amenities: ['ac', 'water', 'security'],
    description: 'Climatisation, forage, gardien.',
  },
  'ebolowa-studio': {
    title: 'Studio in Ebolowa', town: 'Ebolowa', neighbourhood: 'Nko’ovos', propertyType: 'studio',
    price: 40_000, rooms: 1, amenities: ['water', 'electricity'],
    description: 'Small studio close to the main road.',
  },
} as const satisfies Record<string, ListingSpec>;

export type RelevanceKey = keyof typeof LISTINGS;

export const RELEVANCE_KEYS = Object.keys(LISTINGS) as RelevanceKey[];

/** Fixed ids, so a benchmark or a second adapter holds the very same documents. */
function idOf(position: number): string {
  return `00000000-0000-4000-a000-${String(position + 1).padStart(12, '0')}`;
}

function documentOf(spec: ListingSpec, position: number): SearchDocument {
  const category = categoryOfType(spec.propertyType);
  const commercial = category === 'commercial';
  return doc({
    id: idOf(position),
    ownerId: `00000000-0000-4000-b000-${String((position % 7) + 1).padStart(12, '0')}`,
    day: position + 1,
    title: spec.title,
    description: spec.description,
    category,
    propertyType: spec.propertyType,
    paymentTerm: spec.paymentTerm ?? 'monthly',
    price: spec.price,
    town: spec.town,
    neighbourhood: spec.neighbourhood,
    rooms: spec.rooms,
    bedrooms: commercial ? null : spec.rooms,
    sections: commercial ? spec.rooms : null,
    amenities: [...(spec.amenities ?? [])],
    controlKind: spec.controlChecked ? 'owner' : null,
  });
}

/** The catalogue: every document, and each one by its key. */
export function relevanceCatalogue(): { all: SearchDocument[]; byKey: Record<RelevanceKey, SearchDocument> } {
  const specs: Record<string, ListingSpec> = LISTINGS;
  const all = RELEVANCE_KEYS.map((key, position) => documentOf(specs[key], position));
  const byKey = Object.fromEntries(RELEVANCE_KEYS.map((key, position) => [key, all[position]])) as Record<RelevanceKey, SearchDocument>;
  return { all, byKey };
}

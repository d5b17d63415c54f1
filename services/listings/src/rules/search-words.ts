// Words a renter types for a product value that its English and French labels do not already give
// (the labels in @mboa/contracts are the main source; search/search-labels.ts reads both). Each
// word is listed because people here use it for that value; keep the list short, as every word
// listed is added to the search text of every property with that value.
import type { Amenity, PaymentTerm, PropertyType } from '@mboa/contracts';

export const SEARCH_ALTERNATIVES: {
  propertyType: Readonly<Partial<Record<PropertyType, readonly string[]>>>;
  amenity: Readonly<Partial<Record<Amenity, readonly string[]>>>;
  paymentTerm: Readonly<Partial<Record<PaymentTerm, readonly string[]>>>;
} = {
  propertyType: {
    // "Chambrette" for a small single room, a common small-ad word in Douala and Yaoundé.
    'Single Room': ['chambrette'],
    // "Appart" is how ads and renters shorten "appartement"; "flat" is the Anglophone regions' word.
    apartment: ['appart', 'flat'],
    // The label says "Magasin" for a warehouse, but in everyday French here a "magasin" is also a
    // shop, and "commerce" / "store" are used for one too.
    shop: ['magasin', 'commerce', 'store'],
    // The standard French word, for those who do not say "magasin".
    warehouse: ['entrepot', 'depot'],
  },
  amenity: {
    // A borehole ("forage") is how most houses here get their water; CAMWATER is the water utility.
    water: ['forage', 'camwater'],
    // "Le courant" is the everyday word for electricity; ENEO is the electricity utility.
    electricity: ['courant', 'eneo'],
    // "Clim" is what everyone says; the adjective ("climatisé(e)") is how ads describe a room.
    ac: ['clim', 'climatise', 'climatisee', 'climatiseur'],
    // The label "Meublé" folds to "meuble"; the feminine follows "chambre meublée".
    furnished: ['meublee'],
    // A guard ("gardien", "vigile") is what security means for a house here; "sécurité" literally.
    security: ['securite', 'gardien', 'vigile'],
    internet: ['wifi'],
    parking: ['garage'],
  },
  paymentTerm: {},
};

/**
 * French filler words ("Salle de sport", "Maison d'hôtes", "chambre à la Cité"): never indexed as a
 * label word, so they do not make every property with a gym match "de", and left out of a search
 * that has other words, so "salle de sport" finds the gym without needing "de" in the listing.
 */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = new Set(['a', 'au', 'aux', 'd', 'de', 'des', 'du', 'en', 'l', 'la', 'le', 'les']);

// The saved-search texts the listings service writes itself (docs/api.md#saved-searches): the
// automatic name of a search, the alert and digest mails, the WhatsApp message and the unsubscribe
// page, in English and French. They are filled where they are sent, in the reader's language, so
// unlike MESSAGES they are never read back and translated at the edge (no FUNCTION_TEXT_READERS).
// A search's name and a listing's title are someone's writing: never a link in a mail or a
// WhatsApp message (unlinkedText, docs/api.md#texts-shown-to-others).
import type { Language, Widen } from './language.js';
import { unlinkedText } from '../rules/shown-text.js';

const SAVED_SEARCH_TEXTS_EN = {
  // The link's page asks first (a mail scanner that opens every link must not delete the search);
  // its button, like the mail client's one-click unsubscribe, deletes it.
  unsubscribeConfirmTitle: 'Stop these alerts?',
  unsubscribeConfirmText: 'Confirm, and the saved search this e-mail was about is deleted: you will no longer get its alerts. Your other saved searches stay.',
  unsubscribeConfirmButton: 'Stop the alerts',
  unsubscribed: (name: string) => `You will no longer get alerts for "${name}": the saved search was deleted.`,
  // The automatic name: "Studios in Molyko under 50,000 FCFA".
  nameListings: 'Listings',
  nameCategory: { residential: 'Homes', commercial: 'Business premises' },
  nameTypes: {
    'Single Room': 'Single rooms',
    'Guest House': 'Guest houses',
    studio: 'Studios',
    apartment: 'Apartments',
    duplex: 'Duplexes',
    bungalow: 'Bungalows',
    office: 'Offices',
    shop: 'Shops',
    warehouse: 'Warehouses',
    container: 'Containers',
  },
  nameMatching: (text: string) => `"${text}"`,
  nameRooms: (rooms: number, kind: 'bedrooms' | 'sections' | 'rooms') =>
    `with ${rooms}+ ${kind === 'sections' ? (rooms === 1 ? 'section' : 'sections') : kind === 'bedrooms' ? (rooms === 1 ? 'bedroom' : 'bedrooms') : rooms === 1 ? 'room' : 'rooms'}`,
  nameIn: (place: string) => `in ${place}`,
  nameUnder: (price: string) => `under ${price}`,
  nameFrom: (price: string) => `from ${price}`,
  nameBetween: (min: string, max: string) => `${min} to ${max}`,
  nameControlChecked: 'with control checked',
  nameInArea: 'in an area of the map',
  alertMailSubject: (name: string) => `New listing for your search "${unlinkedText(name)}"`,
  alertMailBody: (name: string, title: string, details: string, link: string) =>
    `A new listing matches your saved search "${unlinkedText(name)}":\n\n${unlinkedText(title)}\n${details}\n${link}`,
  digestMailSubject: (count: number) => (count === 1 ? '1 new listing for your saved searches' : `${count} new listings for your saved searches`),
  digestMailIntro: (count: number) =>
    count === 1 ? 'Since yesterday, 1 new listing matches your saved searches:' : `Since yesterday, ${count} new listings match your saved searches:`,
  digestSearchHeading: (name: string) => `For "${unlinkedText(name)}":`,
  unsubscribeLine: (name: string, link: string) => `Stop the alerts for "${unlinkedText(name)}" (the saved search is deleted once you confirm):\n${link}`,
  manageLine: (link: string) => `Change or delete your saved searches in your profile: ${link}`,
  whatsappAlert: (name: string, title: string, link: string) => `New listing for your saved search "${unlinkedText(name)}": ${unlinkedText(title)}\n${link}`,
} as const;

const SAVED_SEARCH_TEXTS_FR = {
  unsubscribeConfirmTitle: 'Arrêter ces alertes ?',
  unsubscribeConfirmText:
    'Confirmez, et la recherche enregistrée dont parlait cet e-mail est supprimée : vous ne recevrez plus ses alertes. Vos autres recherches enregistrées restent.',
  unsubscribeConfirmButton: 'Arrêter les alertes',
  unsubscribed: (name: string) => `Vous ne recevrez plus d\u2019alertes pour « ${name} » : la recherche enregistrée a été supprimée.`,
  nameListings: 'Annonces',
  nameCategory: { residential: 'Logements', commercial: 'Locaux commerciaux' },
  nameTypes: {
    'Single Room': 'Chambres',
    'Guest House': 'Maisons d\u2019hôtes',
    studio: 'Studios',
    apartment: 'Appartements',
    duplex: 'Duplex',
    bungalow: 'Bungalows',
    office: 'Bureaux',
    shop: 'Boutiques',
    warehouse: 'Magasins',
    container: 'Conteneurs',
  },
  nameMatching: (text: string) => `« ${text} »`,
  nameRooms: (rooms: number, kind: 'bedrooms' | 'sections' | 'rooms') =>
    `avec ${rooms} ${kind === 'sections' ? 'section' : kind === 'bedrooms' ? 'chambre' : 'pièce'}${rooms > 1 ? 's' : ''} ou plus`,
  nameIn: (place: string) => `à ${place}`,
  nameUnder: (price: string) => `à moins de ${price}`,
  nameFrom: (price: string) => `à partir de ${price}`,
  nameBetween: (min: string, max: string) => `de ${min} à ${max}`,
  nameControlChecked: 'avec droit vérifié',
  nameInArea: 'dans une zone de la carte',
  alertMailSubject: (name: string) => `Nouvelle annonce pour votre recherche « ${unlinkedText(name)} »`,
  alertMailBody: (name: string, title: string, details: string, link: string) =>
    `Une nouvelle annonce correspond à votre recherche enregistrée « ${unlinkedText(name)} » :\n\n${unlinkedText(title)}\n${details}\n${link}`,
  digestMailSubject: (count: number) =>
    count <= 1 ? `${count} nouvelle annonce pour vos recherches enregistrées` : `${count} nouvelles annonces pour vos recherches enregistrées`,
  digestMailIntro: (count: number) =>
    count <= 1
      ? `Depuis hier, ${count} nouvelle annonce correspond à vos recherches enregistrées :`
      : `Depuis hier, ${count} nouvelles annonces correspondent à vos recherches enregistrées :`,
  digestSearchHeading: (name: string) => `Pour « ${unlinkedText(name)} » :`,
  unsubscribeLine: (name: string, link: string) =>
    `Arrêter les alertes pour « ${unlinkedText(name)} » (la recherche enregistrée est supprimée une fois que vous confirmez) :\n${link}`,
  manageLine: (link: string) => `Modifiez ou supprimez vos recherches enregistrées depuis votre profil : ${link}`,
  whatsappAlert: (name: string, title: string, link: string) => `Nouvelle annonce pour votre recherche « ${unlinkedText(name)} » : ${unlinkedText(title)}\n${link}`,
} satisfies Widen<typeof SAVED_SEARCH_TEXTS_EN>;

export type SavedSearchTexts = Widen<typeof SAVED_SEARCH_TEXTS_EN>;

/** The saved-search texts in `language`. */
export function savedSearchTexts(language: Language): SavedSearchTexts {
  return language === 'fr' ? SAVED_SEARCH_TEXTS_FR : SAVED_SEARCH_TEXTS_EN;
}

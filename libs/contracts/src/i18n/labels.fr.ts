import type {
  Amenity,
  PaymentTerm,
  PropertyCategory,
  PropertyStatus,
  PropertyType,
  RequestStatus,
  ReviewState,
  TicketStatus,
} from '../property.js';
import type { Role, UserFilter, UserStatus } from '../roles.js';
import type { Region } from '../towns.js';

/*
 * Product terms in French as people say them in Cameroon. The stored and sent values never change;
 * these are only what a person reads. (A "magasin" in Cameroon is a storeroom or warehouse.)
 */

export const CATEGORY_LABELS_FR: Readonly<Record<PropertyCategory, string>> = {
  residential: 'Résidentiel',
  commercial: 'Commercial',
};

export const PROPERTY_TYPE_LABELS_FR: Readonly<Record<PropertyType, string>> = {
  'Single Room': 'Chambre',
  'Guest House': 'Maison d\u2019hôtes',
  studio: 'Studio',
  apartment: 'Appartement',
  duplex: 'Duplex',
  bungalow: 'Bungalow',
  office: 'Bureau',
  shop: 'Boutique',
  warehouse: 'Magasin',
  container: 'Conteneur',
};

export const AMENITY_LABELS_FR: Readonly<Record<Amenity, string>> = {
  water: 'Eau',
  electricity: 'Électricité',
  internet: 'Internet',
  parking: 'Parking',
  security: 'Gardiennage',
  furnished: 'Meublé',
  ac: 'Climatisation',
  balcony: 'Balcon',
  swimming_pool: 'Piscine',
  gym: 'Salle de sport',
};

export const PAYMENT_TERM_LABELS_FR: Readonly<Record<PaymentTerm, string>> = {
  daily: 'Journalier',
  monthly: 'Mensuel',
  quarterly: 'Trimestriel',
  yearly: 'Annuel',
};

/** After a price: '25 000 FCFA/mois'. */
export const PAYMENT_TERM_UNITS_FR: Readonly<Record<PaymentTerm, string>> = {
  daily: 'jour',
  monthly: 'mois',
  quarterly: 'trimestre',
  yearly: 'an',
};

export const PROPERTY_STATUS_LABELS_FR: Readonly<Record<PropertyStatus, string>> = {
  available: 'Disponible',
  rented: 'Loué',
  deactivated: 'Désactivé',
};

export const REVIEW_STATE_LABELS_FR: Readonly<Record<ReviewState, string>> = {
  pending: 'En attente',
  approved: 'Validé',
  rejected: 'Rejeté',
};

export const REQUEST_STATUS_LABELS_FR: Readonly<Record<RequestStatus, string>> = {
  searching: 'En recherche',
  'match-found': 'Logement trouvé',
  contacted: 'Contacté',
};

export const TICKET_STATUS_LABELS_FR: Readonly<Record<TicketStatus, string>> = {
  pending: 'En attente',
  'in-progress': 'En cours',
  completed: 'Traité',
};

export const ROLE_LABELS_FR: Readonly<Record<Role, string>> = {
  renter: 'Locataire',
  landlord: 'Bailleur',
  caretaker: 'Gérant',
  admin: 'Administrateur',
};

export const USER_STATUS_LABELS_FR: Readonly<Record<UserStatus, string>> = {
  active: 'Actif',
  banned: 'Suspendu',
};

export const USER_FILTER_LABELS_FR: Readonly<Record<UserFilter, string>> = {
  active: 'Actifs',
  banned: 'Suspendus',
  verified: 'Vérifiés',
  unverified: 'Non vérifiés',
};

/** The official French names of Cameroon's regions. */
export const REGION_LABELS_FR: Readonly<Record<Region, string>> = {
  adamawa: 'Adamaoua',
  centre: 'Centre',
  east: 'Est',
  'far-north': 'Extrême-Nord',
  littoral: 'Littoral',
  north: 'Nord',
  'north-west': 'Nord-Ouest',
  south: 'Sud',
  'south-west': 'Sud-Ouest',
  west: 'Ouest',
};

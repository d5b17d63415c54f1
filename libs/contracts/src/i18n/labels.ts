import {
  AMENITY_LABELS,
  CATEGORY_LABELS,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERM_UNITS,
  PROPERTY_STATUS_LABELS,
  PROPERTY_TYPE_LABELS,
  REQUEST_STATUS_LABELS,
  TICKET_STATUS_LABELS,
  type Amenity,
  type PaymentTerm,
  type PropertyCategory,
  type PropertyStatus,
  type PropertyType,
  type RequestStatus,
  type ReviewState,
  type TicketStatus,
} from '../property.js';
import { ROLE_LABELS, type Role, type UserFilter, type UserStatus } from '../roles.js';
import { REGION_LABELS, type Region } from '../towns.js';
import type { Language } from './language.js';
import {
  AMENITY_LABELS_FR,
  CATEGORY_LABELS_FR,
  PAYMENT_TERM_LABELS_FR,
  PAYMENT_TERM_UNITS_FR,
  PROPERTY_STATUS_LABELS_FR,
  PROPERTY_TYPE_LABELS_FR,
  REGION_LABELS_FR,
  REQUEST_STATUS_LABELS_FR,
  REVIEW_STATE_LABELS_FR,
  ROLE_LABELS_FR,
  TICKET_STATUS_LABELS_FR,
  USER_FILTER_LABELS_FR,
  USER_STATUS_LABELS_FR,
} from './labels.fr.js';

/** What a person reads for each stored value (towns are names and stay as they are). */
export interface ProductLabels {
  category: Readonly<Record<PropertyCategory, string>>;
  propertyType: Readonly<Record<PropertyType, string>>;
  amenity: Readonly<Record<Amenity, string>>;
  paymentTerm: Readonly<Record<PaymentTerm, string>>;
  paymentTermUnit: Readonly<Record<PaymentTerm, string>>;
  propertyStatus: Readonly<Record<PropertyStatus, string>>;
  reviewState: Readonly<Record<ReviewState, string>>;
  requestStatus: Readonly<Record<RequestStatus, string>>;
  ticketStatus: Readonly<Record<TicketStatus, string>>;
  role: Readonly<Record<Role, string>>;
  userStatus: Readonly<Record<UserStatus, string>>;
  userFilter: Readonly<Record<UserFilter, string>>;
  /** Countries are typed by owners (the wizard suggests Cameroon); the ones we know read in the reader's language. */
  country: Readonly<Record<string, string>>;
  /** Cameroon's regions (a town's region: towns.ts regionOfTown). */
  region: Readonly<Record<Region, string>>;
}

export const PRODUCT_LABELS: Readonly<Record<Language, ProductLabels>> = {
  en: {
    category: CATEGORY_LABELS,
    propertyType: PROPERTY_TYPE_LABELS,
    amenity: AMENITY_LABELS,
    paymentTerm: PAYMENT_TERM_LABELS,
    paymentTermUnit: PAYMENT_TERM_UNITS,
    propertyStatus: PROPERTY_STATUS_LABELS,
    reviewState: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
    requestStatus: REQUEST_STATUS_LABELS,
    ticketStatus: TICKET_STATUS_LABELS,
    role: ROLE_LABELS,
    userStatus: { active: 'Active', banned: 'Banned' },
    userFilter: { active: 'Active', banned: 'Banned', verified: 'Verified', unverified: 'Unverified' },
    country: { Cameroon: 'Cameroon' },
    region: REGION_LABELS,
  },
  fr: {
    category: CATEGORY_LABELS_FR,
    propertyType: PROPERTY_TYPE_LABELS_FR,
    amenity: AMENITY_LABELS_FR,
    paymentTerm: PAYMENT_TERM_LABELS_FR,
    paymentTermUnit: PAYMENT_TERM_UNITS_FR,
    propertyStatus: PROPERTY_STATUS_LABELS_FR,
    reviewState: REVIEW_STATE_LABELS_FR,
    requestStatus: REQUEST_STATUS_LABELS_FR,
    ticketStatus: TICKET_STATUS_LABELS_FR,
    role: ROLE_LABELS_FR,
    userStatus: USER_STATUS_LABELS_FR,
    userFilter: USER_FILTER_LABELS_FR,
    country: { Cameroon: 'Cameroun' },
    region: REGION_LABELS_FR,
  },
};

/** The label of a stored value, or the value itself when it is not one of ours (e.g. an older value). */
export function labelOf<G extends keyof ProductLabels>(group: G, value: string, language: Language): string {
  const labels = PRODUCT_LABELS[language][group] as Readonly<Record<string, string>>;
  return labels[value] ?? value;
}

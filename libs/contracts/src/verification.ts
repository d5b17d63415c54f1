/**
 * Identity and proof of control, checked by staff (docs/api.md#identity-and-proof-of-control).
 * The values below are stored and sent on the wire; labels live in the message catalogs.
 */

/** What a verification request proves: the person (identity) or their hold on properties (control). */
export const VERIFICATION_KINDS = ['identity', 'control'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

/** Identity documents accepted in Cameroon. */
export const IDENTITY_DOCUMENT_TYPES = ['national-id', 'passport', 'residence-permit'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

/**
 * Proofs of control. A landlord sends a recent ENEO or CAMWATER bill in their name, a title deed or
 * a lease; a caretaker sends the owner's signed mandate (with the owner's name and number).
 */
export const CONTROL_DOCUMENT_TYPES = ['utility-bill', 'title-deed', 'lease', 'caretaker-mandate'] as const;
export type ControlDocumentType = (typeof CONTROL_DOCUMENT_TYPES)[number];

export type VerificationDocumentType = IdentityDocumentType | ControlDocumentType;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Why staff refuse a request; the owner reads the reason's label in their language, plus staff's note. */
export const VERIFICATION_REJECTION_REASONS = [
  'unreadable',
  'expired',
  'name-mismatch',
  'not-accepted-document',
  'does-not-cover-property',
  'mandate-incomplete',
  'other',
] as const;
export type VerificationRejectionReason = (typeof VERIFICATION_REJECTION_REASONS)[number];

/** How a property's control was checked: the owner's own papers, or a caretaker's mandate. */
export const CONTROL_KINDS = ['owner', 'caretaker'] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];

/** The control kind a proof gives once approved. */
export function controlKindOf(documentType: ControlDocumentType): ControlKind {
  return documentType === 'caretaker-mandate' ? 'caretaker' : 'owner';
}

/**
 * What a renter is told was checked about a listing, on its card and its details page. Each is
 * false/null until staff (or the number's code) proved it; the page says so plainly.
 */
export interface ListingChecks {
  /** The WhatsApp number on the button was proven with a code by the person who answers for the listing. */
  numberConfirmed: boolean;
  /** Staff checked that person's identity document. */
  identityChecked: boolean;
  /** Staff checked a proof that this person controls this property, or null. */
  control: ControlKind | null;
}

/** The search parameter that keeps only listings whose control was checked (`?controlChecked=true`). */
export const CONTROL_CHECKED_PARAM = 'controlChecked';

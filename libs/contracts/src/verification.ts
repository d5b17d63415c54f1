import type { z } from 'zod';
import type { verificationDecidedPayloadSchema } from './event-schemas.js';

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

/**
 * `verification.decided`: staff approved or refused a request. No file, key or hash travels in it
 * (docs/api.md#identity-and-proof-of-control); `note` is staff's free text to the owner.
 */
export type VerificationDecidedPayload = z.infer<typeof verificationDecidedPayloadSchema>;

/** A stored photo of a document; staff read it by id through the gateway (never by a public address). */
export interface VerificationFileView {
  id: string;
  /** Bytes of the stored (re-encoded, metadata-free) image. */
  size: number;
}

/** One identity or proof-of-control request, as its owner and staff see it. */
export interface VerificationRequestView {
  id: string;
  kind: VerificationKind;
  documentType: VerificationDocumentType;
  status: VerificationStatus;
  /** The owner's properties a proof of control covers (once per address: several at one place). */
  propertyIds: string[];
  /** A caretaker's mandate names the owner who signed it. */
  mandateOwnerName: string | null;
  mandateOwnerWhatsapp: string | null;
  /** Empty once the files were deleted (90 days after the decision). */
  files: VerificationFileView[];
  reason: VerificationRejectionReason | null;
  note: string | null;
  createdAt: string;
  decidedAt: string | null;
  filesDeletedAt: string | null;
}

/** `GET /api/me/verification`: where the owner stands, and their requests (newest first). */
export interface MyVerificationReply {
  identity: VerificationStatus | 'none';
  requests: VerificationRequestView[];
}

/** The account behind a request, as the verification queue shows it to staff. */
export interface VerificationOwnerView {
  id: string;
  name: string;
  email: string;
  whatsapp: string;
  role: 'landlord' | 'caretaker';
  whatsappProvenAt: string | null;
  isVerified: boolean;
  identityCheckedAt: string | null;
}

export interface AdminVerificationItem extends VerificationRequestView {
  owner: VerificationOwnerView;
}

/** `GET /api/admin/verification?status=&page=&limit=`: pending oldest first, decided newest first. */
export interface AdminVerificationListReply {
  requests: AdminVerificationItem[];
  total: number;
  page: number;
  totalPages: number;
}

/** `GET /api/admin/verification/:id`: the request beside the account and its listings. */
export interface AdminVerificationDetail extends AdminVerificationItem {
  listings: { id: string; title: string; town: string; neighbourhood: string; status: string; controlKind: ControlKind | null }[];
}

/** `POST /api/admin/verification/:id/reject` body. */
export interface VerificationRejectInput {
  reason: VerificationRejectionReason;
  note?: string;
}

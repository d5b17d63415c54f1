import { z } from 'zod';
import {
  PAYMENT_TERMS,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  REVIEW_ACTIONS,
} from './property.js';
import { REPORT_RESOLUTIONS } from './reports.js';
import { publicUserSchema } from './responses/user.js';
import { isoDateSchema } from './responses/components.js';
import { actorSchema } from './schemas/common.js';
import {
  CONTROL_DOCUMENT_TYPES,
  IDENTITY_DOCUMENT_TYPES,
  VERIFICATION_KINDS,
  VERIFICATION_REJECTION_REASONS,
} from './verification.js';

/**
 * The current shape of every event payload, checked when an event is recorded (the outbox) and
 * when it is consumed (docs/services.md#event-contracts). The payload types in events.ts are
 * `z.infer` of these. A change that an older consumer or a stored event could not read is a new
 * version in event-contracts.ts, with an upgrader from the shape before it.
 */

export const userEventPayloadSchema = z.object({
  user: publicUserSchema,
  version: z.number().int(),
  /** The staff member who made the change, when it was not the user themself. */
  actor: actorSchema.optional(),
  /**
   * When the account's WhatsApp number was proven by a code sent to it; absent while it is not
   * (docs/api.md#proving-a-whatsapp-number). Changing the number ends the proof.
   */
  whatsappProvenAt: z.string().optional(),
});
export const userBannedPayloadSchema = userEventPayloadSchema.extend({ reason: z.string().optional() });

/** What other services need to know about a property, without the owner's projection. */
export const propertySnapshotSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  title: z.string(),
  category: z.enum(PROPERTY_CATEGORIES),
  propertyType: z.enum(PROPERTY_TYPES),
  town: z.string(),
  neighbourhood: z.string(),
  price: z.number(),
  paymentTerm: z.enum(PAYMENT_TERMS),
  status: z.enum(PROPERTY_STATUSES),
  isVerified: z.boolean(),
  thumbnail: z.string().nullable(),
  createdAt: isoDateSchema,
});

export const propertyCreatedPayloadSchema = z.object({
  property: propertySnapshotSchema,
  /** The user who posted (an admin posting on behalf differs from ownerId). */
  postedBy: z.string(),
  version: z.number().int(),
  /** Who posted (role included), for the staff audit trail. */
  actor: actorSchema.optional(),
});
export const propertyUpdatedPayloadSchema = z.object({
  property: propertySnapshotSchema,
  version: z.number().int(),
  /** The staff member (or owner) who made the change. */
  actor: actorSchema.optional(),
  /** Names of the fields that changed (admin edit). */
  fields: z.array(z.string()).optional(),
});
export const propertyStatusChangedPayloadSchema = z.object({
  propertyId: z.string(),
  ownerId: z.string(),
  from: z.enum(PROPERTY_STATUSES),
  to: z.enum(PROPERTY_STATUSES),
  changedBy: z.string(),
  version: z.number().int(),
  actor: actorSchema.optional(),
});
export const propertyDeletedPayloadSchema = z.object({
  propertyId: z.string(),
  ownerId: z.string(),
  deletedBy: z.string(),
  version: z.number().int(),
  actor: actorSchema.optional(),
  /** Object-store keys of the property's image variants (large and thumbnail), for media to delete. */
  imageKeys: z.array(z.string()).optional(),
});
export const propertyPhotosRefusedPayloadSchema = z.object({
  propertyId: z.string(),
  ownerId: z.string(),
  version: z.number().int(),
  actor: actorSchema,
  /** Object-store keys of the refused photos' variants (large and thumbnail), for media to delete. */
  imageKeys: z.array(z.string()),
});
export const propertyReviewedPayloadSchema = z.object({
  propertyId: z.string(),
  action: z.enum(REVIEW_ACTIONS),
  feedback: z.string(),
  reviewerId: z.string(),
  decidedAt: isoDateSchema,
  /** The moderation service's record of the decision. */
  reviewId: z.string().optional(),
  actor: actorSchema.optional(),
});
export const propertyApprovedPayloadSchema = propertyReviewedPayloadSchema.extend({ action: z.literal('approve') });
export const propertyRejectedPayloadSchema = propertyReviewedPayloadSchema.extend({ action: z.literal('reject') });

/**
 * listings: staff approved a listing and the public now sees it, recorded in the transaction that
 * applied the approval. Saved-search alerts match it (listings-saved-search-alerts).
 */
export const propertyPublishedPayloadSchema = z.object({
  propertyId: z.string(),
  ownerId: z.string(),
  /** The property's version once approved. */
  version: z.number().int(),
  publishedAt: isoDateSchema,
});

/** Staff moved a property request to another status. */
export const requestStatusChangedPayloadSchema = z.object({
  requestId: z.string(),
  from: z.string(),
  to: z.string(),
  actor: actorSchema.optional(),
});
export const ticketStatusChangedPayloadSchema = z.object({
  ticketId: z.string(),
  from: z.string(),
  to: z.string(),
  actor: actorSchema.optional(),
});

/**
 * Someone asked for a reset code for this address (known or not). The auth service answers at
 * once and mails the code from its own consumer of this event, so the answer takes as long
 * whether or not the account exists, and the mail survives a restart. Version 2 (version 1 had
 * only the address: event-contracts.ts).
 */
export const passwordResetRequestedPayloadSchema = z.object({
  /** Trimmed and lower-cased. */
  email: z.string(),
  /**
   * SHA-256 of the asking browser's request id: the code mailed is good only with that browser's
   * cookie. '' in a request recorded before codes were bound to browsers (version 1), which no
   * browser can verify.
   */
  requestHash: z.string(),
  /**
   * The asking browser holds a device cookie of this account (someone signed in to it there): its
   * code is mailed even when strangers have filled the account's pending codes. Absent in events
   * recorded before it existed: read as false.
   */
  knownDevice: z.boolean().optional(),
});

/** The password of `userId` changed at `changedAt`; the mail reads the address and language from the account. */
export const passwordChangedPayloadSchema = z.object({
  userId: z.string(),
  changedAt: isoDateSchema,
});

export const bookingCreatedPayloadSchema = z.object({
  bookingId: z.string(),
  propertyId: z.string().nullable(),
  renterId: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  ownerWhatsapp: z.string(),
  createdAt: isoDateSchema,
});

/** `property.held`: open scam reports from enough different people hold a listing out of search. */
export const propertyHeldPayloadSchema = z.object({
  propertyId: z.string(),
  holdId: z.string(),
  reason: z.literal('scam-reports'),
  /** Different people whose open scam reports led to the hold. */
  reporters: z.number().int(),
  heldAt: isoDateSchema,
});

/**
 * `property.reports-resolved`: staff closed a listing's open reports. Any hold ends (a dismissal
 * brings the listing back; after deactivate or ban-owner that action keeps it hidden).
 */
export const propertyReportsResolvedPayloadSchema = z.object({
  propertyId: z.string(),
  resolution: z.enum(REPORT_RESOLUTIONS),
  closed: z.number().int(),
  /** The hold this ended, when the listing was held. */
  holdId: z.string().nullable(),
  resolvedAt: isoDateSchema,
  actor: actorSchema,
});

/**
 * `verification.decided`: staff approved or refused a request. No file, key or hash travels in it
 * (docs/api.md#identity-and-proof-of-control); `note` is staff's free text to the owner.
 */
export const verificationDecidedPayloadSchema = z.object({
  requestId: z.string(),
  ownerId: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  documentType: z.enum([...IDENTITY_DOCUMENT_TYPES, ...CONTROL_DOCUMENT_TYPES]),
  /** The owner's properties a proof of control covers; empty for identity. */
  propertyIds: z.array(z.string()),
  outcome: z.enum(['approved', 'rejected']),
  reason: z.enum(VERIFICATION_REJECTION_REASONS).optional(),
  note: z.string().optional(),
  decidedAt: z.string(),
  actor: actorSchema,
});

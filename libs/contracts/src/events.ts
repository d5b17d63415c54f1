import type { z } from 'zod';
import type { PropertyRead } from './types/property.js';
import type {
  bookingCreatedPayloadSchema,
  passwordChangedPayloadSchema,
  passwordResetRequestedPayloadSchema,
  propertyApprovedPayloadSchema,
  propertyCreatedPayloadSchema,
  propertyDeletedPayloadSchema,
  propertyPhotosRefusedPayloadSchema,
  propertyPublishedPayloadSchema,
  propertyRejectedPayloadSchema,
  propertyReviewedPayloadSchema,
  propertySnapshotSchema,
  propertyStatusChangedPayloadSchema,
  propertyUpdatedPayloadSchema,
  requestStatusChangedPayloadSchema,
  ticketStatusChangedPayloadSchema,
  userBannedPayloadSchema,
  userEventPayloadSchema,
} from './event-schemas.js';
import type { IsoDateString } from './types/common.js';
import type { PropertyHeldPayload, PropertyReportsResolvedPayload } from './reports.js';
import type { VerificationDecidedPayload } from './verification.js';

/** Event type names published on NATS JetStream (through each service's outbox). */
export const EVENT_TYPES = {
  userRegistered: 'user.registered',
  userUpdated: 'user.updated',
  userVerified: 'user.verified',
  userBanned: 'user.banned',
  userUnbanned: 'user.unbanned',
  /** An admin removed a staff member's authenticator app (the staff audit trail records it). */
  userSecondFactorReset: 'user.second-factor-reset',
  propertyCreated: 'property.created',
  propertyUpdated: 'property.updated',
  propertyStatusChanged: 'property.status-changed',
  propertyDeleted: 'property.deleted',
  /** Staff refused photos an owner added to an approved listing: media deletes their files. */
  propertyPhotosRefused: 'property.photos-refused',
  propertyApproved: 'property.approved',
  propertyRejected: 'property.rejected',
  bookingCreated: 'booking.created',
  requestStatusChanged: 'request.status-changed',
  ticketStatusChanged: 'ticket.status-changed',
  passwordResetRequested: 'password-reset.requested',
  /** A user's password was changed (a reset today): auth mails the account that it happened. */
  passwordChanged: 'password.changed',
  propertyHeld: 'property.held',
  propertyReportsResolved: 'property.reports-resolved',
  /** A listing became visible to the public for the first time since it was last approved (saved-search alerts). */
  propertyPublished: 'property.published',
  /** Staff approved or refused an identity or proof-of-control request (moderation): listings marks the checks. */
  verificationDecided: 'verification.decided',
} as const;

export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];
export const ALL_EVENT_TYPES: readonly EventType[] = Object.values(EVENT_TYPES);

/** Durable consumers (`<service>-<name>`) that other services name: the projections reads depend on. */
export const EVENT_CONSUMERS = {
  /** listings' copy of auth's users: author shown on a property, and whether the owner is banned. */
  listingsOwners: 'listings-owners',
  /** listings' copy of moderation's decisions: verified flag and review state/feedback. */
  listingsReviews: 'listings-reviews',
  /** listings' copy of moderation's report holds: a listing kept out of search pending review. */
  listingsHolds: 'listings-holds',
  /** listings' copy of staff's identity and control checks: what a renter is told was checked. */
  listingsChecks: 'listings-checks',
} as const;

/**
 * Read your writes: for each event, the projections that must hold it before the action that
 * recorded it answers. The producing service hands the committed event to these consumers
 * directly (`EventHandOff` in @mboa/platform) and waits for them; every other consumer, and these
 * too if the hand-off fails, get it through JetStream as before. See docs/services.md.
 */
export const HANDED_OFF_TO: { readonly [T in EventType]?: readonly string[] } = {
  [EVENT_TYPES.userUpdated]: [EVENT_CONSUMERS.listingsOwners],
  [EVENT_TYPES.userVerified]: [EVENT_CONSUMERS.listingsOwners],
  [EVENT_TYPES.userBanned]: [EVENT_CONSUMERS.listingsOwners],
  [EVENT_TYPES.userUnbanned]: [EVENT_CONSUMERS.listingsOwners],
  [EVENT_TYPES.propertyApproved]: [EVENT_CONSUMERS.listingsReviews],
  [EVENT_TYPES.propertyRejected]: [EVENT_CONSUMERS.listingsReviews],
  [EVENT_TYPES.propertyHeld]: [EVENT_CONSUMERS.listingsHolds],
  [EVENT_TYPES.propertyReportsResolved]: [EVENT_CONSUMERS.listingsHolds],
  [EVENT_TYPES.verificationDecided]: [EVENT_CONSUMERS.listingsChecks],
};

/**
 * User facts carry the whole public user and a version that grows with every change, so a
 * projection can drop an event older than what it already holds (redelivery, reordering).
 * The payload types are the `z.infer` of their schemas (event-schemas.ts), checked at run time.
 */
export type UserEventPayload = z.infer<typeof userEventPayloadSchema>;
export type UserBannedPayload = z.infer<typeof userBannedPayloadSchema>;

/** What other services need to know about a property, without the owner's projection. */
export type PropertySnapshot = z.infer<typeof propertySnapshotSchema>;

export type PropertyCreatedPayload = z.infer<typeof propertyCreatedPayloadSchema>;
export type PropertyUpdatedPayload = z.infer<typeof propertyUpdatedPayloadSchema>;
export type PropertyStatusChangedPayload = z.infer<typeof propertyStatusChangedPayloadSchema>;
export type PropertyDeletedPayload = z.infer<typeof propertyDeletedPayloadSchema>;
export type PropertyPhotosRefusedPayload = z.infer<typeof propertyPhotosRefusedPayloadSchema>;
export type PropertyReviewedPayload = z.infer<typeof propertyReviewedPayloadSchema>;
export type PropertyApprovedPayload = z.infer<typeof propertyApprovedPayloadSchema>;
export type PropertyRejectedPayload = z.infer<typeof propertyRejectedPayloadSchema>;

/** listings: staff approved a listing and the public now sees it (saved-search alerts). */
export type PropertyPublishedPayload = z.infer<typeof propertyPublishedPayloadSchema>;

/** Staff moved a property request or a support ticket to another status. */
export type RequestStatusChangedPayload = z.infer<typeof requestStatusChangedPayloadSchema>;
/** Someone asked for a reset code for this address (known or not); auth mails it from its consumer. */
export type PasswordResetRequestedPayload = z.infer<typeof passwordResetRequestedPayloadSchema>;

/** The password of `userId` changed at `changedAt`; the mail reads the address and language from the account. */
export type PasswordChangedPayload = z.infer<typeof passwordChangedPayloadSchema>;

export type TicketStatusChangedPayload = z.infer<typeof ticketStatusChangedPayloadSchema>;

export type BookingCreatedPayload = z.infer<typeof bookingCreatedPayloadSchema>;

export interface EventPayloads {
  'user.registered': UserEventPayload;
  'user.updated': UserEventPayload;
  'user.verified': UserEventPayload;
  'user.banned': UserBannedPayload;
  'user.unbanned': UserEventPayload;
  'user.second-factor-reset': UserEventPayload;
  'property.created': PropertyCreatedPayload;
  'property.updated': PropertyUpdatedPayload;
  'property.status-changed': PropertyStatusChangedPayload;
  'property.deleted': PropertyDeletedPayload;
  'property.photos-refused': PropertyPhotosRefusedPayload;
  'property.approved': PropertyApprovedPayload;
  'property.rejected': PropertyRejectedPayload;
  'booking.created': BookingCreatedPayload;
  'request.status-changed': RequestStatusChangedPayload;
  'ticket.status-changed': TicketStatusChangedPayload;
  'password-reset.requested': PasswordResetRequestedPayload;
  'password.changed': PasswordChangedPayload;
  'property.held': PropertyHeldPayload;
  'property.reports-resolved': PropertyReportsResolvedPayload;
  'property.published': PropertyPublishedPayload;
  'verification.decided': VerificationDecidedPayload;
}

/** Compile-time check that EventPayloads covers exactly the event types. */
type _Exact = [EventType] extends [keyof EventPayloads]
  ? [keyof EventPayloads] extends [EventType]
    ? true
    : never
  : never;
export const EVENT_PAYLOADS_COMPLETE: _Exact = true;

/** How an event travels: `id` makes handlers idempotent (processed_events). */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: IsoDateString;
  source: string;
  payload: EventPayloads[T];
  /** The payload's contract version (EVENT_CONTRACTS); absent in events recorded before versions: read as 1. */
  version?: number;
}

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (ALL_EVENT_TYPES as readonly string[]).includes(value);
}

/** Builds a property snapshot from a read shape (listings uses it when writing outbox events). */
export function snapshotOfProperty(p: PropertyRead, ownerId: string): PropertySnapshot {
  return {
    id: p.id,
    ownerId,
    title: p.title,
    category: p.category,
    propertyType: p.propertyType,
    town: p.town,
    neighbourhood: p.neighbourhood,
    price: p.price,
    paymentTerm: p.paymentTerm,
    status: p.status,
    isVerified: p.isVerified,
    thumbnail: p.thumbnail,
    createdAt: p.createdAt,
  };
}

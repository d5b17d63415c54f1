import type { EventPayloads, EventType } from '@mboa/contracts';

/**
 * For the contract tests: events as past builds recorded them (no version field before versions
 * existed; an explicit version after), with what a consumer must receive today.
 */
export interface PastEvent {
  name: string;
  type: EventType;
  /** Absent: recorded before envelopes carried a version (read as version 1). */
  version?: number;
  payload: Record<string, unknown>;
  expected: EventPayloads[EventType];
}

const at = '2026-03-01T10:00:00.000Z';
const actor = { userId: 'admin-1', role: 'admin', isVerified: true, name: 'Staff' } as const;
const user = {
  _id: 'u-1',
  id: 'u-1',
  name: 'Ngono Awa',
  email: 'awa@example.cm',
  whatsapp: '+237650000001',
  role: 'landlord',
  status: 'active',
  isVerified: false,
  createdAt: at,
} as const;
const property = {
  id: 'p-1',
  ownerId: 'u-1',
  title: 'Studio à Bastos',
  category: 'residential',
  propertyType: 'studio',
  town: 'Yaoundé',
  neighbourhood: 'Bastos',
  price: 75_000,
  paymentTerm: 'monthly',
  status: 'available',
  isVerified: false,
  thumbnail: null,
  createdAt: at,
} as const;

/** Version 1 of every type, as stored before versions existed: today's shape unless it changed since. */
const v1: { [T in EventType]: EventPayloads[T] } = {
  'user.registered': { user, version: 1 },
  'user.updated': { user: { ...user, language: 'fr' }, version: 2, whatsappProvenAt: at },
  'user.verified': { user: { ...user, isVerified: true }, version: 3, actor },
  'user.banned': { user: { ...user, status: 'banned' }, version: 4, actor, reason: 'scam' },
  'user.unbanned': { user, version: 5, actor },
  'user.second-factor-reset': { user: { ...user, role: 'admin' }, version: 6, actor },
  'property.created': { property, postedBy: 'u-1', version: 1 },
  'property.updated': { property: { ...property, price: 80_000 }, version: 2, fields: ['price'], actor },
  'property.status-changed': { propertyId: 'p-1', ownerId: 'u-1', from: 'available', to: 'rented', changedBy: 'u-1', version: 3 },
  'property.deleted': { propertyId: 'p-1', ownerId: 'u-1', deletedBy: 'u-1', version: 4, imageKeys: ['a/large.webp'] },
  'property.photos-refused': { propertyId: 'p-1', ownerId: 'u-1', version: 5, actor, imageKeys: ['b/large.webp'] },
  'property.approved': { propertyId: 'p-1', action: 'approve', feedback: '', reviewerId: 'admin-1', decidedAt: at, reviewId: 'r-1' },
  'property.rejected': { propertyId: 'p-1', action: 'reject', feedback: 'Blurred photos', reviewerId: 'admin-1', decidedAt: at },
  'booking.created': {
    bookingId: 'b-1',
    propertyId: null,
    renterId: 'u-2',
    ownerId: 'u-1',
    ownerName: 'Ngono Awa',
    ownerWhatsapp: '+237650000001',
    createdAt: at,
  },
  'request.status-changed': { requestId: 'q-1', from: 'new', to: 'closed', actor },
  'ticket.status-changed': { ticketId: 't-1', from: 'open', to: 'resolved' },
  'password-reset.requested': { email: 'awa@example.cm', requestHash: '' },
  'password.changed': { userId: 'u-1', changedAt: at },
  'property.held': { propertyId: 'p-1', holdId: 'h-1', reason: 'scam-reports', reporters: 3, heldAt: at },
  'property.reports-resolved': { propertyId: 'p-1', resolution: 'dismissed', closed: 3, holdId: 'h-1', resolvedAt: at, actor },
  'property.published': { propertyId: 'p-1', ownerId: 'u-1', version: 2, publishedAt: at },
  'verification.decided': {
    requestId: 'v-1',
    ownerId: 'u-1',
    kind: 'control',
    documentType: 'utility-bill',
    propertyIds: ['p-1'],
    outcome: 'rejected',
    reason: 'unreadable',
    decidedAt: at,
    actor,
  },
};

export const PAST_EVENTS: PastEvent[] = [
  ...(Object.keys(v1) as EventType[])
    .filter((type) => type !== 'password-reset.requested')
    .map((type) => ({ name: `${type} unversioned`, type, payload: { ...v1[type] }, expected: v1[type] })),
  // Version 1 of a reset request had only the address (before codes were bound to a browser).
  {
    name: 'password-reset.requested v1 unversioned',
    type: 'password-reset.requested',
    payload: { email: 'awa@example.cm' },
    expected: { email: 'awa@example.cm', requestHash: '' },
  },
  // Recorded once the hash existed but before envelopes carried versions: read as version 1, kept.
  {
    name: 'password-reset.requested v2 shape unversioned',
    type: 'password-reset.requested',
    payload: { email: 'awa@example.cm', requestHash: 'abc123', knownDevice: true },
    expected: { email: 'awa@example.cm', requestHash: 'abc123', knownDevice: true },
  },
  {
    name: 'password-reset.requested v2',
    type: 'password-reset.requested',
    version: 2,
    payload: { email: 'awa@example.cm', requestHash: 'def456' },
    expected: { email: 'awa@example.cm', requestHash: 'def456' },
  },
];

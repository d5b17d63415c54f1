import type { PropertyRead } from './property.js';
import type { PublicUser } from './user.js';

/** GET /api/admin/stats answer (docs/api.md#admin). */
export interface AdminStats {
  users: { total: number; latest: PublicUser[] };
  properties: { total: number; latest: PropertyRead[] };
  requests: { searchingCount: number };
  support: { pendingCount: number };
  /** The latest staff actions (audit trail), newest first. */
  actions?: AuditEntry[];
}

export interface AuthStatsReply {
  total: number;
  latest: PublicUser[];
}
export interface ListingsStatsReply {
  total: number;
  latest: PropertyRead[];
}
export interface SupportStatsReply {
  searchingCount: number;
  pendingCount: number;
}

/** One staff action kept in the audit trail (moderation service). */
export interface AuditEntry {
  id: string;
  actorId: string;
  actorName: string | null;
  /** What was done, e.g. 'user.banned', 'property.approved', 'request.status-changed'. */
  action: string;
  targetType: 'user' | 'property' | 'request' | 'ticket';
  targetId: string;
  summary: string;
  createdAt: string;
}

/** A recorded review decision. */
export interface ReviewRecord {
  id: string;
  propertyId: string;
  action: 'approve' | 'reject';
  feedback: string;
  reviewerId: string;
  reviewerName: string | null;
  createdAt: string;
}

/** `moderation.review`: the decision as recorded. */
export interface ReviewReply {
  review: ReviewRecord;
}

/** `POST /api/admin/properties/{id}/review`: the decision as recorded, and what the admin is told. */
export interface ReviewResponse extends ReviewReply {
  message: string;
}

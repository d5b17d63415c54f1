import type { z } from 'zod';
import type { adminStatsSchema, auditEntrySchema, reviewRecordSchema, reviewResponseSchema } from '../responses/admin.js';
import type { PropertyRead } from './property.js';
import type { PublicUser } from './user.js';

/** GET /api/admin/stats answer (docs/api.md#admin). */
export type AdminStats = z.infer<typeof adminStatsSchema>;

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
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A recorded review decision. */
export type ReviewRecord = z.infer<typeof reviewRecordSchema>;

/** `moderation.review`: the decision as recorded. */
export interface ReviewReply {
  review: ReviewRecord;
}

/** `POST /api/admin/properties/{id}/review`: the decision as recorded, and what the admin is told. */
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

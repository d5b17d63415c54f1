import { z } from 'zod';
import { isoDateSchema } from './components.js';
import { propertyReadSchema } from './property.js';
import { publicUserSchema } from './user.js';

/** One staff action kept in the audit trail (moderation service). */
export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorName: z.string().nullable(),
  /** What was done, e.g. 'user.banned', 'property.approved', 'request.status-changed'. */
  action: z.string(),
  targetType: z.enum(['user', 'property', 'request', 'ticket', 'verification']),
  targetId: z.string(),
  summary: z.string(),
  createdAt: isoDateSchema,
});

/** GET /api/admin/stats answer (docs/api.md#admin). */
export const adminStatsSchema = z.object({
  users: z.object({ total: z.number().int(), latest: z.array(publicUserSchema) }),
  properties: z.object({ total: z.number().int(), latest: z.array(propertyReadSchema) }),
  requests: z.object({ searchingCount: z.number().int() }),
  support: z.object({ pendingCount: z.number().int() }),
  /** Identity and control requests waiting for staff (docs/api.md#identity-and-proof-of-control). */
  verificationPending: z.number().int(),
  /** The latest staff actions (audit trail), newest first. */
  actions: z.array(auditEntrySchema).optional(),
});

/** A recorded review decision. */
export const reviewRecordSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  action: z.enum(['approve', 'reject']),
  feedback: z.string(),
  reviewerId: z.string(),
  reviewerName: z.string().nullable(),
  createdAt: isoDateSchema,
});

/** `POST /api/admin/properties/{id}/review`: the decision as recorded, and what the admin is told. */
export const reviewResponseSchema = z.object({ message: z.string(), review: reviewRecordSchema });

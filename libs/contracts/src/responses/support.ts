import { z } from 'zod';
import { REQUEST_STATUSES, TICKET_STATUSES } from '../property.js';
import { isoDateSchema } from './components.js';
import { paginationSchema } from './common.js';

/** A property request sent from the global request modal. */
export const propertyRequestSchema = z.object({
  _id: z.string(),
  id: z.string(),
  requestText: z.string(),
  whatsapp: z.string(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema.optional(),
});

export const supportTicketRecordSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  whatsapp: z.string().nullable(),
  /** The signed-in sender, or null when sent signed out. */
  userId: z.string().nullable().optional(),
  status: z.enum(TICKET_STATUSES),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema.optional(),
});

/** Admin manage/requests and manage/support `get` answers. */
export function adminListResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });
}

/** POST /api/properties/request-space and /api/properties/support answers. */
export function supportCreateResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), message: z.string(), data: item });
}

/** Admin manage/requests and manage/support `update-status` answers. */
export const supportStatusResponseSchema = supportCreateResponseSchema;

/** POST /api/admin/manage/requests: a page of requests, or the changed one. */
export const adminManageRequestsResponseSchema = z.union([
  adminListResponseSchema(propertyRequestSchema),
  supportStatusResponseSchema(propertyRequestSchema),
]);

/** POST /api/admin/manage/support: a page of tickets, or the changed one. */
export const adminManageSupportResponseSchema = z.union([
  adminListResponseSchema(supportTicketRecordSchema),
  supportStatusResponseSchema(supportTicketRecordSchema),
]);

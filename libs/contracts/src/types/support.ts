import type { z } from 'zod';
import type {
  adminListResponseSchema,
  propertyRequestSchema,
  supportCreateResponseSchema,
  supportStatusResponseSchema,
  supportTicketRecordSchema,
} from '../responses/support.js';

/** A property request sent from the global request modal. */
export type PropertyRequest = z.infer<typeof propertyRequestSchema>;

export type SupportTicket = z.infer<typeof supportTicketRecordSchema>;

/** Admin manage/requests and manage/support `get` answers. */
export type AdminListResponse<T> = Omit<z.infer<ReturnType<typeof adminListResponseSchema>>, 'data'> & { data: T[] };

export interface AdminStatusUpdateResponse<T> {
  success: boolean;
  message: string;
  data?: T;
  error?: string;
}

/** POST /api/properties/request-space and /api/properties/support answers. */
export type SupportCreateResponse<T> = Omit<z.infer<ReturnType<typeof supportCreateResponseSchema>>, 'data'> & { data: T };

/** Admin manage/requests and manage/support `update-status` answers. */
export type SupportStatusResponse<T> = Omit<z.infer<ReturnType<typeof supportStatusResponseSchema>>, 'data'> & { data: T };

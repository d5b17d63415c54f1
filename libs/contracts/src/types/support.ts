import type { RequestStatus, TicketStatus } from '../property.js';
import type { IsoDateString, Pagination } from './common.js';

/** A property request sent from the global request modal. */
export interface PropertyRequest {
  _id: string;
  id: string;
  requestText: string;
  whatsapp: string;
  status: RequestStatus;
  createdAt: IsoDateString;
}

export interface SupportTicket {
  _id: string;
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  whatsapp: string | null;
  status: TicketStatus;
  createdAt: IsoDateString;
}

/** Admin manage/requests and manage/support `get` answers. */
export interface AdminListResponse<T> {
  success: true;
  data: T[];
  pagination: Pagination;
}

export interface AdminStatusUpdateResponse<T> {
  success: boolean;
  message: string;
  data?: T;
  error?: string;
}

/** POST /api/properties/request-space and /api/properties/support answers. */
export interface SupportCreateResponse<T> {
  success: true;
  message: string;
  data: T;
}

/** Admin manage/requests and manage/support `update-status` answers. */
export interface SupportStatusResponse<T> {
  success: true;
  message: string;
  data: T;
}

import {
  type AdminListResponse,
  type AdminPropertyAction,
  type AdminPropertyRead,
  type AdminPropertyListResponse,
  type AdminFigures,
  type AdminStats,
  type AdminStatusUpdateResponse,
  type AdminUserListResponse,
  type MeResponse,
  type MessageResponse,
  type SecondFactorCheckResponse,
  type SecondFactorEnrolmentResponse,
  type SecondFactorRecoveryCodesResponse,
  type PropertyRead,
  type PropertyRequest,
  type PropertyStatus,
  type PublicUser,
  type ReportAction,
  type ReportQueueReply,
  type ReportResolveResponse,
  type RequestStatus,
  type PhotoReviewAction,
  type PhotoReviewResponse,
  type ReviewAction,
  type SupportTicket,
  type TicketStatus,
  type UserFilter,
  type AdminVerificationDetail,
  type AdminVerificationListReply,
  type VerificationRejectInput,
  type VerificationStatus,
  LIMITS,
} from '@mboa/contracts';
import { api, currentMessages } from '@mboa/web-core';

/**
 * Every admin call (docs/api.md#admin), with its exact path and payload. A call's fallback text (when
 * the server gives none) is read when the call is made, in the language shown then.
 */

const PAGE_SIZE = LIMITS.admin.pageSize;

export const getMe = (signal?: AbortSignal) => api<MeResponse>('/me', { signal });
export const logout = () => api<MessageResponse>('/auth/logout', { method: 'POST' });

// The admin area's second factor (docs/api.md#the-admin-areas-second-factor).
export const beginSecondFactor = () => api<SecondFactorEnrolmentResponse>('/auth/second-factor/enrolment', { method: 'POST' });
export const confirmSecondFactor = (code: string) =>
  api<SecondFactorRecoveryCodesResponse>('/auth/second-factor/enrolment/confirm', { body: { code } });
export const checkSecondFactor = (code: string) => api<SecondFactorCheckResponse>('/auth/second-factor/check', { body: { code } });
export const resetSecondFactor = (userId: string) =>
  api<{ message: string; user: PublicUser }>(`/admin/users/${encodeURIComponent(userId)}/second-factor`, { method: 'DELETE' });

export const getStats = (signal?: AbortSignal) => api<AdminStats>('/admin/stats', { signal });
/** Staff's daily figures (docs/api.md#staff-figures) over the last `days` days. */
export const getFigures = (days: number, signal?: AbortSignal) => api<AdminFigures>(`/admin/figures?days=${days}`, { signal });

export const listUsers = (q: { page: number; search?: string; filter?: UserFilter }, signal?: AbortSignal) =>
  api<AdminUserListResponse>('/admin/manage/user', {
    body: { type: 'list', payload: { page: q.page, limit: PAGE_SIZE, search: q.search || undefined, filter: q.filter } },
    signal,
  });

export type UserAction = 'ban' | 'unban' | 'verify';
export const actOnUser = (type: UserAction, userId: string) =>
  api<{ message: string; user: PublicUser }>('/admin/manage/user', {
    body: { type, payload: { userId } },
    fallback: currentMessages().toast.userStatusUpdateFailed,
  });

export const editUser = (userId: string, data: { name?: string; whatsapp?: string }) =>
  api<{ message: string; user: PublicUser }>(`/admin/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: data });

export const listProperties = (q: { page: number; status?: PropertyStatus }, signal?: AbortSignal) =>
  api<AdminPropertyListResponse>('/admin/manage/properties', {
    body: { type: 'list', payload: { page: q.page, limit: PAGE_SIZE, status: q.status } },
    signal,
  });

export const actOnProperty = (type: AdminPropertyAction, propertyId: string) =>
  api<{ message: string; property: PropertyRead }>('/admin/manage/properties', {
    body: { type, payload: { propertyId } },
    fallback: currentMessages().toast.adminPropertyStatusUpdateFailed,
  });

/** The answer is `{ property }`; a bare property is accepted too (the brief describes it so). */
export async function getProperty(id: string, signal?: AbortSignal): Promise<AdminPropertyRead> {
  const reply = await api<{ property?: AdminPropertyRead } & Partial<AdminPropertyRead>>(`/admin/properties/${encodeURIComponent(id)}`, {
    signal,
    fallback: currentMessages().property.fetchFailed,
  });
  return (reply.property ?? reply) as AdminPropertyRead;
}

export interface PropertyEdit {
  title?: string;
  description?: string;
  price?: number;
  caution?: number;
  paymentTerm?: string;
  /** `pin: null` removes the pin; a blank landmark removes it. */
  location?: { town?: string; neighbourhood?: string; pin?: { lat: number; lng: number } | null; landmark?: string };
  specifications?: Partial<Record<string, number | null>>;
}
export const editProperty = (id: string, data: PropertyEdit) =>
  api<{ message: string; property: PropertyRead }>(`/admin/properties/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: data,
    fallback: currentMessages().property.updateFailed,
  });

export const reviewProperty = (id: string, action: ReviewAction, feedback: string) =>
  api<MessageResponse>(`/admin/properties/${encodeURIComponent(id)}/review`, {
    body: { action, feedback },
    fallback: currentMessages().property.updateFailed,
  });

/** Photos an owner added to an approved listing: accept (public from now on) or refuse (deleted), all of them. */
export const reviewHeldPhotos = (id: string, action: PhotoReviewAction) =>
  api<PhotoReviewResponse>(`/admin/properties/${encodeURIComponent(id)}/photos/review`, {
    body: { action },
    fallback: currentMessages().property.updateFailed,
  });

export const listRequests = (q: { page: number; status: RequestStatus | 'all' }, signal?: AbortSignal) =>
  api<AdminListResponse<PropertyRequest>>('/admin/manage/requests', {
    body: { type: 'get', payload: { page: q.page, limit: PAGE_SIZE, status: q.status } },
    signal,
  });
export const moveRequest = (requestId: string, newStatus: RequestStatus) =>
  api<AdminStatusUpdateResponse<PropertyRequest>>('/admin/manage/requests', {
    body: { type: 'update-status', payload: { requestId, newStatus } },
    fallback: currentMessages().toast.requestStatusUpdateError,
  });

export const listTickets = (q: { page: number; status: TicketStatus | 'all' }, signal?: AbortSignal) =>
  api<AdminListResponse<SupportTicket>>('/admin/manage/support', {
    body: { type: 'get', payload: { page: q.page, limit: PAGE_SIZE, status: q.status } },
    signal,
  });
export const moveTicket = (ticketId: string, newStatus: TicketStatus) =>
  api<AdminStatusUpdateResponse<SupportTicket>>('/admin/manage/support', {
    body: { type: 'update-status', payload: { ticketId, newStatus } },
    fallback: currentMessages().toast.supportStatusUpdateFailed,
  });

export const listReports = (q: { page: number }, signal?: AbortSignal) =>
  api<ReportQueueReply>('/admin/reports', { query: { page: q.page, limit: PAGE_SIZE }, signal });
/** Closes a listing's open reports without acting on it (a held listing is back in search). */
export const dismissReports = (propertyId: string) =>
  api<ReportResolveResponse>(`/admin/reports/${encodeURIComponent(propertyId)}/dismiss`, { method: 'POST' });
/** Deactivates the listing or bans its owner, and closes its open reports. */
export const actOnReports = (propertyId: string, action: ReportAction) =>
  api<ReportResolveResponse>(`/admin/reports/${encodeURIComponent(propertyId)}/act`, { body: { action } });

// Identity and proof of control (docs/api.md#identity-and-proof-of-control).
export const listVerificationRequests = (q: { page: number; status: VerificationStatus }, signal?: AbortSignal) =>
  api<AdminVerificationListReply>('/admin/verification', { query: { status: q.status, page: q.page, limit: PAGE_SIZE }, signal });
export const getVerificationRequest = (id: string, signal?: AbortSignal) =>
  api<AdminVerificationDetail>(`/admin/verification/${encodeURIComponent(id)}`, { signal });
/** A document's photo, read with the staff session's cookie (never a public address; each view is audited). */
export const verificationFileUrl = (id: string, fileId: string) =>
  `/api/admin/verification/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`;
export const approveVerification = (id: string) =>
  api<AdminVerificationDetail>(`/admin/verification/${encodeURIComponent(id)}/approve`, { method: 'POST' });
export const rejectVerification = (id: string, input: VerificationRejectInput) =>
  api<AdminVerificationDetail>(`/admin/verification/${encodeURIComponent(id)}/reject`, { body: input });

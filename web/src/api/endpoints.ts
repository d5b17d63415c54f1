import {
  type AddPhotosResponse,
  type AuthResponse,
  type AvailabilityConfirmedReply,
  type BookingResponse,
  type MeResponse,
  type MessageResponse,
  type MyListingsDeleteResponse,
  type MyListingsFetchResponse,
  type MyListingsInsightsResponse,
  type MyListingsUpdateResponse,
  type PostPropertyResponse,
  type ProfileResponse,
  type PropertyRead,
  type PropertyStatus,
  type ReportCreateResponse,
  type ReportInput,
  type MapResponse,
  type SearchResponse,
  type SignupRole,
  type SimilarListingsResponse,
} from '@mboa/contracts';
import { api, currentMessages, upload } from '@mboa/web-core';

/**
 * Every call the public web app makes (docs/api.md#routes), with its exact path and payload. The
 * fallback texts (no answer from the server) are read at call time, in the language shown then.
 */

export const getMe = (signal?: AbortSignal) => api<MeResponse>('/me', { signal });

export const login = (body: { email: string; password: string; rememberMe: boolean }) =>
  api<AuthResponse>('/auth/login', { body, fallback: currentMessages().common.unexpected });

export const signup = (body: {
  name: string;
  email: string;
  password: string;
  role: SignupRole;
  whatsapp: string;
  agreeToTerms: boolean;
}) => api<AuthResponse>('/auth/signup', { body, fallback: currentMessages().common.somethingWentWrong });

export const logout = () => api<MessageResponse>('/auth/logout', { method: 'POST' });

export const requestPasswordReset = (email: string) =>
  api<MessageResponse>('/auth/password-reset/request', { body: { email }, fallback: currentMessages().passwordReset.fallback });
export const verifyPasswordReset = (email: string, code: string) =>
  api<MessageResponse>('/auth/password-reset/verify', { body: { email, code }, fallback: currentMessages().passwordReset.fallback });
export const confirmPasswordReset = (email: string, newPassword: string) =>
  api<MessageResponse>('/auth/password-reset/confirm', {
    body: { email, newPassword },
    fallback: currentMessages().passwordReset.fallback,
  });

export const getProfile = (signal?: AbortSignal) => api<ProfileResponse>('/user/me', { signal });

export interface SearchParams {
  search?: string;
  category?: string;
  propertyType?: string;
  town?: string;
  rooms?: string;
  minPrice?: string;
  maxPrice?: string;
  /** 'true': only listings whose control our team checked; empty for all. */
  controlChecked?: string;
  /** A SearchSort; empty for the default order (newest first). */
  sort?: string;
  /** `lat,lng`: cards gain `distanceKm` from there (needed by sort=distance). */
  near?: string;
  /** `west,south,east,north`: only listings whose area centre is inside. */
  bbox?: string;
  page?: number;
}
export const searchProperties = (query: SearchParams, signal?: AbortSignal) =>
  api<SearchResponse>('/properties/search', { query: { ...query }, signal });

/** The map's points for the filters in a box (docs/api.md#search-by-area-and-the-map). */
export const getMapPoints = (query: SearchParams & { bbox: string }, signal?: AbortSignal) =>
  api<MapResponse>('/properties/map', { query: { ...query }, signal });

export const getProperty = (id: string, signal?: AbortSignal) =>
  api<PropertyRead>(`/properties/${encodeURIComponent(id)}`, { signal, fallback: currentMessages().property.notFound });

/**
 * The same details call, said to be a prefetch: kept for offline reading, not a view the owner's
 * insights count (`Sec-Purpose` is a header fetch may not set; `Purpose` is the one browsers sent before it).
 */
export const prefetchProperty = (id: string) =>
  api<PropertyRead>(`/properties/${encodeURIComponent(id)}`, { headers: { Purpose: 'prefetch' } });

/** Up to six public listings like this one (docs/api.md#similar-listings). */
export const getSimilarListings = (id: string, signal?: AbortSignal) =>
  api<SimilarListingsResponse>(`/properties/${encodeURIComponent(id)}/similar`, { signal });

/** "Report this listing" (docs/api.md#reporting-a-listing); the server words its answer in the language shown. */
export const reportListing = (id: string, report: ReportInput) =>
  api<ReportCreateResponse>(`/properties/${encodeURIComponent(id)}/reports`, { body: report });

/** Sent under the draft's Idempotency-Key, so a repeat of the same draft never makes a second listing. */
export const postProperty = (form: FormData, onProgress: (percent: number) => void, idempotencyKey: string) =>
  upload<PostPropertyResponse>('/property/post', form, onProgress, currentMessages().property.submitFailedThrown, { idempotencyKey });

/** Photos added to a listing by its owner (docs/api.md#adding-photos-to-a-listing). */
export const addListingPhotos = (id: string, form: FormData, onProgress: (percent: number) => void) =>
  upload<AddPhotosResponse>(`/properties/${encodeURIComponent(id)}/photos`, form, onProgress, currentMessages().property.submitFailed);

export const fetchMyListings = (payload: { page: number; limit: number; status?: PropertyStatus }) =>
  api<MyListingsFetchResponse>('/property/my-listings', { body: { action: 'fetch', payload } });
export const updateMyListing = (id: string, status: PropertyStatus) =>
  api<MyListingsUpdateResponse>('/property/my-listings', {
    body: { action: 'update', payload: { id, data: { status } } },
    fallback: currentMessages().toast.statusUpdateFailed,
  });
export const deleteMyListing = (id: string) =>
  api<MyListingsDeleteResponse>('/property/my-listings', {
    body: { action: 'delete', payload: { id } },
    fallback: currentMessages().toast.propertyDeletionFailed,
  });

/** "Confirm availability" (docs/api.md#fresh-listings): the server's answer is worded in the language shown. */
export const confirmMyListing = (id: string) =>
  api<MyListingsUpdateResponse>('/property/my-listings', { body: { action: 'confirm', payload: { id } } });
/** The reminder e-mail's one-time link, without a session. */
export const confirmAvailabilityByToken = (token: string) =>
  api<{ message: string; data: AvailabilityConfirmedReply }>('/property/confirm-availability', { body: { token } });

/** Views and contacts per day of some of the owner's listings, the last 30 days (docs/api.md#owner-insights). */
export const getMyListingsInsights = (ids: readonly string[], signal?: AbortSignal) =>
  api<MyListingsInsightsResponse>('/user/my-listings/insights', { query: { ids: ids.join(',') }, signal });

export const createBooking = (body: { To: { user: string; name: string; whatsapp: string }; propertyId: string }) =>
  api<BookingResponse>('/property/bookings', { body, fallback: currentMessages().booking.failed });

export const requestSpace = (body: { requestText: string; whatsapp: string }) =>
  api<MessageResponse>('/properties/request-space', { body, fallback: currentMessages().request.failure });

export const sendSupport = (body: { name: string; email: string; phone: string; subject: string; message: string }) =>
  api<MessageResponse>('/properties/support', { body, fallback: currentMessages().contact.failure });

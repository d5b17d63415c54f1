import type {
  AdminCreateInput,
  AdminManageRequestsInput,
  AdminManageSupportInput,
  BookingInput,
  LoginInput,
  MyListingsInput,
  PropertyEditInput,
  PropertyPostInput,
  RequestSpaceInput,
  ResetConfirmInput,
  ResetRequestInput,
  ResetVerifyInput,
  ReviewInput,
  SearchQuery,
  SignupInput,
  SupportTicketInput,
  UserUpdateInput,
} from '../schemas/index.js';
import type { AdminPropertyAction, PropertyStatus } from '../property.js';
import type { Role, UserFilter } from '../roles.js';
import type { ProcessedImage } from './media.js';

/** Who asks, as the gateway resolved it from the session; services decide what it may do. */
export interface Actor {
  userId: string;
  role: Role;
  isVerified: boolean;
  /** Shown in the staff audit trail. */
  name?: string;
}

/** Client facts the gateway forwards for rate limits and audit. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

export type SignupRequest = SignupInput & { client?: ClientInfo };
export type LoginRequest = LoginInput & { client?: ClientInfo };
export interface SessionResolveRequest {
  sessionId: string;
}
export interface SessionDestroyRequest {
  sessionId: string;
}
export type PasswordResetRequestRequest = ResetRequestInput & { client?: ClientInfo };
export type PasswordResetVerifyRequest = ResetVerifyInput & { client?: ClientInfo };
export type PasswordResetConfirmRequest = ResetConfirmInput & { client?: ClientInfo };
export interface UsersListRequest {
  page: number;
  limit: number;
  search?: string;
  filter?: UserFilter;
}
export interface UserIdRequest {
  userId: string;
  actor?: Actor;
}
export type UsersUpdateRequest = UserIdRequest & { data: UserUpdateInput };
export type AdminEnsureRequest = AdminCreateInput;

export interface PropertyCreateRequest {
  actor: Actor;
  data: PropertyPostInput;
  /** Images already processed by media (`media.images.process`). */
  images: ProcessedImage[];
}
/**
 * `listings.property.post-check`: asked before a posting's photos are read. Without `data`, whether
 * the actor may post at all; with it, also the fields and the owner `data.userId` names.
 */
export interface PropertyPostCheckRequest {
  actor: Actor;
  data?: unknown;
}
export interface PropertyPostCheckReply {
  /** The owner the property would belong to (known once `data` was given). */
  ownerId?: string;
}
export interface PropertyGetRequest {
  id: string;
  actor?: Actor;
}
export type PropertySearchRequest = SearchQuery;
export interface MyListingsRequest<A extends MyListingsInput['action'] = MyListingsInput['action']> {
  actor: Actor;
  payload: Extract<MyListingsInput, { action: A }>['payload'];
}
export interface BookingCreateRequest {
  actor: Actor;
  data: BookingInput;
}
export interface ProfileCountRequest {
  userId: string;
}
export interface AdminPropertiesListRequest {
  page: number;
  limit: number;
  status?: PropertyStatus;
  search?: string;
}
export interface AdminPropertyStatusRequest {
  actor: Actor;
  propertyId: string;
  action: AdminPropertyAction;
}
export interface AdminPropertyGetRequest {
  id: string;
}
export interface AdminPropertyEditRequest {
  actor: Actor;
  id: string;
  data: PropertyEditInput;
}
export interface ReviewRequest {
  actor: Actor;
  propertyId: string;
  data: ReviewInput;
}
export type RequestCreateRequest = RequestSpaceInput;
export type RequestsListRequest = Extract<AdminManageRequestsInput, { type: 'get' }>['payload'];
export type RequestsUpdateStatusRequest = Extract<AdminManageRequestsInput, { type: 'update-status' }>['payload'];
export type TicketCreateRequest = SupportTicketInput;
export type TicketsListRequest = Extract<AdminManageSupportInput, { type: 'get' }>['payload'];
export type TicketsUpdateStatusRequest = Extract<AdminManageSupportInput, { type: 'update-status' }>['payload'];

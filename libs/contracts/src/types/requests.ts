import type {
  AdminCreateInput,
  AdminManageRequestsInput,
  AdminManageSupportInput,
  BookingInput,
  LoginInput,
  MyListingsInput,
  PhotoReviewInput,
  PropertyEditInput,
  PropertyPostInput,
  RequestSpaceInput,
  ResetConfirmInput,
  ResetRequestRpcInput,
  ResetVerifyRpcInput,
  ReviewInput,
  SearchQuery,
  MapQuery,
  SignupInput,
  SupportTicketInput,
  UserUpdateInput,
} from '../schemas/index.js';
import type { AdminPropertyAction, PropertyStatus } from '../property.js';
import type { Role, UserFilter } from '../roles.js';
import type { ProcessedImage } from './media.js';
import type { PropertyRead } from './property.js';

/** Who asks, as the gateway resolved it from the session; services decide what it may do. */
export interface Actor {
  userId: string;
  role: Role;
  isVerified: boolean;
  /** Shown in the staff audit trail. */
  name?: string;
}

/** `auth.signup`: the form plus whether the new session outlives the browser. */
export type SignupRequest = SignupInput & { rememberMe?: boolean; userAgent?: string };
export type LoginRequest = Pick<LoginInput, 'email' | 'password'> & { rememberMe?: boolean; userAgent?: string };
/** `auth.session.resolve` / `auth.session.destroy`: the session cookie's token. */
export interface SessionTokenRequest {
  token: string;
}
/** `auth.second-factor.confirm` / `check`: the session it is for, and the code typed. */
export interface SecondFactorCodeRequest {
  token: string;
  code: string;
}
/** `auth.whatsapp.code-verify`: who asks, and the code typed. */
export interface WhatsAppCodeVerifyRequest {
  actor: Actor;
  code: string;
}
/** `auth.whatsapp.code-send` / `proof-get`: who asks. */
export interface WhatsAppProofRequest {
  actor: Actor;
}
/** `auth.sessions.list` / `end-others`: who asks, and the token of their request's session ("this device"). */
export interface OwnSessionsRequest {
  actor: Actor;
  token: string;
}
/** `auth.sessions.end`: one of the caller's sessions, by the id the list gave. */
export interface SessionEndRequest extends OwnSessionsRequest {
  sessionId: string;
}
export type PasswordResetRequestRequest = ResetRequestRpcInput;
export type PasswordResetVerifyRequest = ResetVerifyRpcInput;
export type PasswordResetConfirmRequest = Pick<ResetConfirmInput, 'email' | 'newPassword'> & { confirmPassword?: string; resetToken: string };
/** `auth.password-reset.verify`: the single-use token that lets this browser `confirm` (only its hash is stored). */
export interface PasswordResetVerifyReply {
  resetToken: string;
}
/** `auth.users.list`: page and limit default to the first admin page. */
export interface UsersListRequest {
  page?: number;
  limit?: number;
  search?: string;
  filter?: UserFilter;
}
export interface UserIdRequest {
  userId: string;
  actor?: Actor;
}
/** `auth.users.verify|ban|unban`: auth refuses anyone but an admin, so the message names who asks. */
export interface UserChangeRequest {
  userId: string;
  actor: Actor;
}
/** `auth.users.update`: the fields travel beside the user id (an admin, or the user changing their own language). */
export type UsersUpdateRequest = UserChangeRequest & UserUpdateInput;
export type AdminEnsureRequest = Pick<AdminCreateInput, 'email' | 'password'> & Partial<Pick<AdminCreateInput, 'name' | 'whatsapp'>>;
/** Patterns that take no arguments (`stats`, `health`). */
export type EmptyRequest = Record<string, never>;
/** Commands whose only answer is that they were done (`auth.session.destroy`). */
export type EmptyReply = Record<string, never>;

export interface PropertyCreateRequest {
  actor: Actor;
  data: PropertyPostInput;
  /** Images already processed by media (`media.images.process`). */
  images: ProcessedImage[];
  /**
   * The posting's Idempotency-Key as the gateway names it (a hash of the person, the route and the
   * key; docs/api.md#idempotency-key). Listings makes at most one listing per key, so a send the
   * gateway could not answer (a timeout after the listing was saved) is never posted twice.
   */
  postingKey?: string;
}
/**
 * `listings.property.post-check`: asked before a posting's photos are read. Without `data`, whether
 * the actor may post at all; with it, also the fields and the owner `data.userId` names.
 */
export interface PropertyPostCheckRequest {
  actor: Actor;
  /** The posted fields as received (listings judges them after deciding who may post). */
  data?: unknown;
}
export interface PropertyPostCheckReply {
  /** The owner the property would belong to (known once `data` was given). */
  ownerId?: string;
}
/** `listings.property.photos-check`: may `actor` add photos to listing `id` (its owner or staff)? */
export interface PropertyPhotosCheckRequest {
  actor: Actor;
  id: string;
}
export interface PropertyPhotosCheckReply {
  /** Whose allowance the photos spend. */
  ownerId: string;
  /** For the photos' alt text. */
  title: string;
  /** Photos the listing has now. */
  photoCount: number;
}
export interface PropertyPhotosAddRequest {
  actor: Actor;
  id: string;
  /** Processed by media (`media.images.process`), in the order sent; they go after the listing's own. */
  images: ProcessedImage[];
}
export interface PropertyPhotosReviewRequest {
  /** Staff. */
  actor: Actor;
  id: string;
  review: PhotoReviewInput;
}
export interface PropertyPhotosReviewReply {
  /** How many held photos the decision took. */
  decided: number;
  /** The listing as staff see it, held photos marked. */
  property: PropertyRead;
}
export interface PropertyGetRequest {
  id: string;
  actor?: Actor;
}
export type PropertySearchRequest = SearchQuery;
export type PropertyMapRequest = MapQuery;
export interface MyListingsRequest<A extends MyListingsInput['action'] = MyListingsInput['action']> {
  actor: Actor;
  payload?: Extract<MyListingsInput, { action: A }>['payload'];
}
export interface BookingCreateRequest {
  actor: Actor;
  data: BookingInput;
}
export interface ProfileCountRequest {
  userId: string;
}
export interface AdminPropertiesListRequest {
  page?: number;
  limit?: number;
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
  actor?: Actor;
}
export interface AdminPropertyEditRequest {
  actor: Actor;
  id: string;
  data: PropertyEditInput;
}
export interface ReviewRequest {
  actor: Actor;
  propertyId: string;
  review: ReviewInput;
}
export interface PropertyIdRequest {
  propertyId: string;
}
export interface AuditLatestRequest {
  limit?: number;
}
export type RequestCreateRequest = RequestSpaceInput;
export type RequestsListRequest = Partial<Extract<AdminManageRequestsInput, { type: 'get' }>['payload']>;
export type RequestsUpdateStatusRequest = Extract<AdminManageRequestsInput, { type: 'update-status' }>['payload'] & { actor: Actor };
/** The gateway adds the signed-in sender's id; the form itself never carries one. */
export type TicketCreateRequest = SupportTicketInput & { userId?: string };
export type TicketsListRequest = Partial<Extract<AdminManageSupportInput, { type: 'get' }>['payload']>;
export type TicketsUpdateStatusRequest = Extract<AdminManageSupportInput, { type: 'update-status' }>['payload'] & { actor: Actor };

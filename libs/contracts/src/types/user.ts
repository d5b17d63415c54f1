import type { Language } from '../i18n/language.js';
import type { Role, UserStatus } from '../roles.js';
import type { IsoDateString } from './common.js';

/** A user as any response shows it (docs/api.md#shapes-user-property-lists); never a password or hash. */
export interface PublicUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  whatsapp: string;
  role: Role;
  status: UserStatus;
  isVerified: boolean;
  /**
   * The language the person reads (their e-mails go out in it). Always in auth's answers; optional
   * in the type because `user.*` events recorded before it existed do not carry it (read as 'en').
   */
  language?: Language;
  createdAt: IsoDateString;
}

/** POST /api/auth/login and /api/auth/signup answers. */
export interface AuthResponse {
  user: PublicUser;
  message: string;
}

/** GET /api/me answer. */
export interface MeResponse {
  user: PublicUser;
}

/** GET /api/user/me answer (docs/api.md#auth-and-profile). */
export interface ProfileResponse {
  profile: PublicUser;
  totalProperties: number;
}

/** A new session: the cookie's token and lifetime (null: until the browser closes). */
export interface IssuedSession {
  token: string;
  maxAgeMs: number | null;
}

/** `auth.login` / `auth.signup` replies: the user plus the new session (the gateway words the answer). */
export interface AuthServiceReply {
  user: PublicUser;
  session: IssuedSession;
}

/** `auth.session.resolve`: the signed-in user, or null for an unknown or ended session. */
export interface SessionResolveReply {
  user: PublicUser | null;
}

/** `auth.admin.ensure`: whether the account was made now. */
export interface AdminEnsureReply {
  created: boolean;
  user: PublicUser;
}

/** Admin manage/user list answer. */
export interface AdminUserListResponse {
  users: PublicUser[];
  total: number;
  page: number;
  totalPages: number;
}

/** `auth.users.verify` / `ban` / `unban` / `update`: the user as it now is (the gateway words the answer). */
export interface UserChangeReply {
  user: PublicUser;
}

import type { Role, UserStatus } from '../roles.js';
import type { IsoDateString } from './common.js';

/** A user as any response shows it (CONTRACT.md); never a password or hash. */
export interface PublicUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  whatsapp: string;
  role: Role;
  status: UserStatus;
  isVerified: boolean;
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

/** GET /api/user/me answer (spec §3 "Profile response"). */
export interface ProfileResponse {
  profile: PublicUser;
  totalProperties: number;
}

/** What the session store keeps and `auth.session.resolve` answers. */
export interface SessionInfo {
  sessionId: string;
  user: PublicUser;
  rememberMe: boolean;
  expiresAt: IsoDateString;
}

/** `auth.login` / `auth.signup` replies: the user plus the new session. */
export interface AuthServiceReply extends AuthResponse {
  session: { id: string; rememberMe: boolean; maxAgeMs: number | null };
}

/** Admin manage/user list answer. */
export interface AdminUserListResponse {
  users: PublicUser[];
  total: number;
  page: number;
  totalPages: number;
}

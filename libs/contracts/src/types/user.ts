import type { z } from 'zod';
import type {
  adminUserListResponseSchema,
  authResponseSchema,
  meResponseSchema,
  profileResponseSchema,
  publicUserSchema,
  userChangeResponseSchema,
  whatsappProofResponseSchema,
} from '../responses/user.js';
import type {
  SecondFactorState,
  secondFactorCheckResponseSchema,
  secondFactorEnrolmentResponseSchema,
  secondFactorRecoveryCodesResponseSchema,
} from '../responses/second-factor.js';
import type { activeSessionSchema, sessionListResponseSchema, sessionsEndedResponseSchema } from '../responses/sessions.js';

/** A user as any response shows it (docs/api.md#shapes-user-property-lists); never a password or hash (schema: responses/user.ts). */
export type PublicUser = z.infer<typeof publicUserSchema>;

/** POST /api/auth/login and /api/auth/signup answers. */
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** GET /api/me answer. */
export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/user/me answer (docs/api.md#auth-and-profile). */
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** PATCH /api/user/me, PATCH /api/admin/users/{id}, ban / unban / verify answers. */
export type UserChangeResponse = z.infer<typeof userChangeResponseSchema>;

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
  /** Staff only: where the session stands with the admin area's second factor. */
  secondFactor?: SecondFactorState;
}

/** `auth.second-factor.begin`: the new secret to show once (schema: responses/second-factor.ts). */
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentResponseSchema>;
/** POST /api/auth/second-factor/enrolment answer. */
export type SecondFactorEnrolmentResponse = SecondFactorEnrolment;
/** POST /api/auth/second-factor/enrolment/confirm answer. */
export type SecondFactorRecoveryCodesResponse = z.infer<typeof secondFactorRecoveryCodesResponseSchema>;
/** POST /api/auth/second-factor/check answer. */
export type SecondFactorCheckResponse = z.infer<typeof secondFactorCheckResponseSchema>;

/** `auth.second-factor.confirm`: the one-time recovery codes, in clear this once. */
export interface SecondFactorConfirmReply {
  recoveryCodes: string[];
}

/** `auth.second-factor.check`: whether a recovery code was spent. */
export interface SecondFactorCheckReply {
  usedRecoveryCode: boolean;
}

/** `auth.admin.ensure`: whether the account was made now. */
export interface AdminEnsureReply {
  created: boolean;
  user: PublicUser;
}

/** Admin manage/user list answer. */
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

/** `auth.users.verify` / `ban` / `unban` / `update`: the user as it now is (the gateway words the answer). */
export interface UserChangeReply {
  user: PublicUser;
}

/** One session in the profile's list (schema: responses/sessions.ts). */
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** GET /api/me/sessions answer, and `auth.sessions.list`'s reply. */
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/** POST /api/me/sessions/end-others answer. */
export type SessionsEndedResponse = z.infer<typeof sessionsEndedResponseSchema>;

/** `auth.sessions.end`: whether the session ended was the caller's own (the gateway then clears its cookie). */
export interface SessionEndReply {
  endedCurrent: boolean;
}

/** `auth.sessions.end-others`: how many ended. */
export interface SessionsEndOthersReply {
  ended: number;
}

/** `auth.whatsapp.*` replies (schema: responses/user.ts whatsappProofResponseSchema). */
export type WhatsAppProofReply = z.infer<typeof whatsappProofResponseSchema>;

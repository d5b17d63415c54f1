import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.js';
import { ROLES, USER_STATUSES } from '../roles.js';
import { component, isoDateSchema } from './components.js';
import { listMetaSchema } from './common.js';
import { SECOND_FACTOR_STATES } from './second-factor.js';

/** A user as any response shows it (docs/api.md#shapes-user-property-lists); never a password or hash. */
export const publicUserSchema = component(
  z.object({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    email: z.string(),
    whatsapp: z.string(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    isVerified: z.boolean(),
    /**
     * The language the person reads (their e-mails go out in it). Always in auth's answers; optional
     * in the type because `user.*` events recorded before it existed do not carry it (read as 'en').
     */
    language: z.enum(LANGUAGES).optional(),
    createdAt: isoDateSchema,
  }),
  'PublicUser',
);

/** POST /api/auth/login and /api/auth/signup answers. */
export const authResponseSchema = z.object({ user: publicUserSchema, message: z.string() });

/**
 * GET /api/me answer. Staff also get where their session stands with the admin area's second
 * factor (docs/api.md#the-admin-areas-second-factor); other roles never carry it.
 */
export const meResponseSchema = z.object({ user: publicUserSchema, secondFactor: z.enum(SECOND_FACTOR_STATES).optional() });

/** GET /api/user/me answer (docs/api.md#auth-and-profile). */
export const profileResponseSchema = z.object({ profile: publicUserSchema, totalProperties: z.number().int().min(0) });

/** PATCH /api/user/me, PATCH /api/admin/users/{id}, and ban / unban / verify: what changed, and a text. */
export const userChangeResponseSchema = z.object({ message: z.string(), user: publicUserSchema });

/** Admin manage/user list answer. */
export const adminUserListResponseSchema = z.object({ users: z.array(publicUserSchema) }).extend(listMetaSchema.shape);

/**
 * GET /api/me/whatsapp and the answers of /api/me/whatsapp/code and /verify: the account's number
 * and since when it is proven (null: not proven). Never the code nor its hash.
 */
export const whatsappProofResponseSchema = z.object({
  whatsapp: z.string(),
  whatsappProvenAt: isoDateSchema.nullable(),
  /** /code only: seconds until the code sent runs out, and until another may be asked. */
  expiresInSeconds: z.number().int().optional(),
  resendAfterSeconds: z.number().int().optional(),
  message: z.string().optional(),
});

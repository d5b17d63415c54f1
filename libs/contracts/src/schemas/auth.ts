import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.js';
import { LIMITS } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { normaliseSignupRole, SIGNUP_ROLES, USER_FILTERS } from '../roles.js';
import {
  booleanInput,
  emailSchema,
  emptyToUndefined,
  idSchema,
  limitSchema,
  pageSchema,
  personNameSchema,
  whatsappSchema,
} from './common.js';

const A = MESSAGES.auth;
const R = MESSAGES.passwordReset;
const ALL = MESSAGES.common.allFieldsRequired;

/** The language a person reads ('en' or 'fr', any capitalisation). */
export const languageSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(LANGUAGES, { error: A.invalidLanguage }),
);

export const signupSchema = z.object({
  name: personNameSchema(ALL, 100),
  email: emailSchema(ALL, A.invalidEmail),
  password: z
    .string({ error: ALL })
    .min(1, { error: ALL })
    .min(LIMITS.password.minLength, { error: A.passwordTooShort })
    .max(200, { error: MESSAGES.common.tooLong }),
  role: z.preprocess(
    (v) => normaliseSignupRole(v) ?? v,
    z.enum(SIGNUP_ROLES, { error: A.invalidRole }),
  ),
  whatsapp: whatsappSchema(A.whatsappExactDigits),
  agreeToTerms: z.preprocess((v) => (v === 'true' ? true : v), z.literal(true, { error: A.agreeToTermsRequired })),
  /** Optional: without it the gateway takes the request's Accept-Language (docs/api.md#languages). */
  language: z.preprocess(emptyToUndefined, languageSchema.optional()),
});
export type SignupInput = z.output<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema(ALL, A.invalidEmail),
  password: z.string({ error: ALL }).min(1, { error: ALL }).max(200, { error: A.invalidCredentials }),
  rememberMe: z.preprocess(emptyToUndefined, booleanInput().optional()).transform((v) => v ?? false),
});
export type LoginInput = z.output<typeof loginSchema>;

export const resetRequestSchema = z.object({
  email: emailSchema(R.emailRequired, A.invalidEmail),
});
export type ResetRequestInput = z.output<typeof resetRequestSchema>;

export const resetVerifySchema = z.object({
  email: emailSchema(R.emailRequired, A.invalidEmail),
  code: z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: R.codeRequired }))
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: R.codeRequired })
        .regex(new RegExp(`^\\d{${LIMITS.passwordReset.codeLength}}$`), { error: R.codeFormat }),
    ),
});
export type ResetVerifyInput = z.output<typeof resetVerifySchema>;

export const resetConfirmSchema = z
  .object({
    email: emailSchema(R.fillAllFields, A.invalidEmail),
    newPassword: z
      .string({ error: R.fillAllFields })
      .min(1, { error: R.fillAllFields })
      .min(LIMITS.password.minLength, { error: A.passwordTooShort })
      .max(200, { error: MESSAGES.common.tooLong }),
    /** Optional: when a client sends the confirmation, it must match. */
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    error: R.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetConfirmInput = z.output<typeof resetConfirmSchema>;

/**
 * `auth.password-reset.confirm`: the body plus the reset token `verify` handed to the browser (the
 * gateway reads it from that browser's reset cookie). Without it nothing is changed.
 */
export const resetConfirmRequestSchema = resetConfirmSchema.safeExtend({
  resetToken: z.string({ error: R.verifyFirst }).min(1, { error: R.verifyFirst }).max(200, { error: R.resetTokenInvalid }),
});
export type ResetConfirmRequestInput = z.output<typeof resetConfirmRequestSchema>;

/**
 * `auth.password-reset.request` and `.verify`: the body plus the random id of this browser's request
 * cookie (docs/api.md#auth-and-profile). The code mailed belongs to that request; only its hash is stored.
 */
const requestId = z.string({ error: R.askHereFirst }).min(1, { error: R.askHereFirst }).max(200, { error: R.askHereFirst });
/**
 * `knownDevice`: the gateway found a device cookie of this account in the asking browser (a browser
 * where someone signed in to it); its code is mailed even when the account's pending codes are full.
 */
export const resetRequestRpcSchema = resetRequestSchema.safeExtend({ requestId, knownDevice: z.boolean().optional() });
export type ResetRequestRpcInput = z.output<typeof resetRequestRpcSchema>;
export const resetVerifyRpcSchema = resetVerifySchema.safeExtend({ requestId });
export type ResetVerifyRpcInput = z.output<typeof resetVerifyRpcSchema>;

/** Admin create (CLI `admin:create` and ADMIN_* env): a staff account, so the staff length. */
export const adminCreateSchema = z.object({
  email: emailSchema(ALL, A.invalidEmail),
  password: z
    .string({ error: ALL })
    .min(LIMITS.password.staffMinLength, { error: A.staffPasswordTooShort })
    .max(200, { error: MESSAGES.common.tooLong }),
  name: z.preprocess(emptyToUndefined, personNameSchema(ALL, 100).default('Administrator')),
  whatsapp: z.preprocess(emptyToUndefined, whatsappSchema().default('600000000')),
});
export type AdminCreateInput = z.output<typeof adminCreateSchema>;

/** Fields an admin (or the user) may change later (`auth.users.update`). */
export const userUpdateSchema = z
  .object({
    name: personNameSchema(ALL, 100).optional(),
    whatsapp: whatsappSchema().optional(),
    language: languageSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.whatsapp !== undefined || v.language !== undefined, {
    error: MESSAGES.property.nothingToUpdate,
  });
export type UserUpdateInput = z.output<typeof userUpdateSchema>;

/**
 * PATCH /api/user/me: what the signed-in person may change on their own profile: their language,
 * and their WhatsApp number (checked as at sign-up; a new number is unproven until a code sent to
 * it comes back, docs/api.md#proving-a-whatsapp-number).
 */
export const profileUpdateSchema = z
  .object({ language: languageSchema.optional(), whatsapp: whatsappSchema(A.whatsappExactDigits).optional() })
  .refine((v) => v.language !== undefined || v.whatsapp !== undefined, { error: MESSAGES.property.nothingToUpdate });
export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;

const userIdPayload = z.object({ userId: idSchema }, { error: MESSAGES.common.idRequired });

/** POST /api/admin/manage/user */
export const adminManageUserSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('list'),
      payload: z
        .object({
          page: pageSchema,
          limit: limitSchema(LIMITS.admin.pageSize),
          /** Matches digits of WhatsApp numbers (docs/api.md#admin). */
          search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
          filter: z.preprocess(
            (v) => (typeof v === 'string' && v.trim().toLowerCase() === 'all' ? undefined : emptyToUndefined(v)),
            z.enum(USER_FILTERS, { error: MESSAGES.common.invalidFilter }).optional(),
          ),
        })
        .default({ page: 1, limit: LIMITS.admin.pageSize }),
    }),
    z.object({ type: z.literal('ban'), payload: userIdPayload }),
    z.object({ type: z.literal('unban'), payload: userIdPayload }),
    z.object({ type: z.literal('verify'), payload: userIdPayload }),
  ],
  { error: MESSAGES.common.invalidType },
);
export type AdminManageUserInput = z.output<typeof adminManageUserSchema>;

const SF = LIMITS.secondFactor;
/** What a person types as a second-factor code: spaces and dashes are for reading, case does not count. */
const secondFactorCodeText = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v),
  z
    .string({ error: MESSAGES.secondFactor.codeRequired })
    .regex(new RegExp(`^(\\d{${SF.digits}}|[A-Z2-7]{${SF.recoveryCodeLength}})$`), { error: MESSAGES.secondFactor.codeRequired }),
);

/** POST /api/auth/second-factor/enrolment/confirm and /check: an app code, or (check only) a recovery code. */
export const secondFactorCodeSchema = z.object({ code: secondFactorCodeText });
export type SecondFactorCodeInput = z.output<typeof secondFactorCodeSchema>;

const WP = LIMITS.whatsappProof;
/** POST /api/me/whatsapp/verify: the code sent to the number, exactly 6 digits (spaces are for reading). */
export const whatsappCodeSchema = z.object(
  {
    code: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
      z.string({ error: MESSAGES.whatsappProof.codeFormat }).regex(new RegExp(`^\\d{${WP.codeLength}}$`), { error: MESSAGES.whatsappProof.codeFormat }),
    ),
  },
  { error: MESSAGES.whatsappProof.codeFormat },
);
export type WhatsAppCodeInput = z.output<typeof whatsappCodeSchema>;

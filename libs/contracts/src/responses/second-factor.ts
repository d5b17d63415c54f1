import { z } from 'zod';

/**
 * Where a staff session stands with the admin area's second factor
 * (docs/api.md#the-admin-areas-second-factor): no authenticator app yet, a code still to enter in
 * this session, or passed.
 */
export const SECOND_FACTOR_STATES = ['enrolment-required', 'required', 'passed'] as const;
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

/**
 * The `code` of a 403 from the admin area (and from any signed-in route) for a staff session that
 * has not passed the second factor: the admin app opens the setup or the code page on it.
 */
export const SECOND_FACTOR_ERROR_CODES = {
  'enrolment-required': 'second-factor-enrolment-required',
  required: 'second-factor-required',
} as const satisfies Record<Exclude<SecondFactorState, 'passed'>, string>;

/** POST /api/auth/second-factor/enrolment: the new secret, shown once, until the first code confirms it. */
export const secondFactorEnrolmentResponseSchema = z.object({
  /** Base32, to type into the app by hand (spaces every 4 characters are only for reading). */
  secret: z.string(),
  /** `otpauth://totp/…`, for an app that reads a link or a QR code of it. */
  uri: z.string(),
  issuer: z.string(),
  account: z.string(),
  digits: z.number().int(),
  periodSeconds: z.number().int(),
});

/** POST /api/auth/second-factor/enrolment/confirm: the recovery codes, shown this once (stored hashed). */
export const secondFactorRecoveryCodesResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});

/** POST /api/auth/second-factor/check. */
export const secondFactorCheckResponseSchema = z.object({
  message: z.string(),
  /** True when a recovery code (now spent) was used rather than the app's code. */
  usedRecoveryCode: z.boolean(),
});

import {
  LIMITS,
  MESSAGES,
  MESSAGES_FR,
  resetConfirmSchema,
  resetRequestSchema,
  reportSchema,
  resetVerifySchema,
  signupSchema,
  supportTicketSchema,
  whatsappSchema,
} from '@mboa/contracts';

/**
 * The forms' schemas, made from the ones the server parses the same bodies with, so a form refuses
 * before any call exactly what the server would refuse, with the same catalog texts. Each addition
 * below is a check the form makes earlier than the server, never a different rule.
 */

/**
 * Eight spaces pass the schema's length rule; the server's password policy then refuses them. The
 * form says so before any call, under the password field.
 */
const notOnlySpaces = (password: string) => password.trim() !== '';

/** Keeps digits only, at most 9: what the WhatsApp field lets a person type. */
export function cleanWhatsapp(value: string): string {
  return value.replace(/\D/g, '').slice(0, LIMITS.whatsappDigits);
}

/** Step 2 of sign-up; the role comes from step 1, and the button waits for the terms. */
export const signupFormSchema = signupSchema.pick({ name: true, email: true }).extend({
  // A blank number is one of "all the fields" the form asks for, as the other blank fields are.
  whatsapp: whatsappSchema(MESSAGES.common.allFieldsRequired),
  password: signupSchema.shape.password.refine(notOnlySpaces, { error: MESSAGES.auth.passwordAllWhitespace }),
});
export const SIGNUP_FIELDS = ['name', 'email', 'whatsapp', 'password'] as const;

export const resetEmailFormSchema = resetRequestSchema;

export const resetCodeFormSchema = resetVerifySchema.pick({ code: true });

/**
 * Step 3 of the reset: the e-mail of step 1, and the new password twice. The schema's own rule that
 * the confirmation matches is kept; the form shows both fields, so the confirmation is required.
 */
export const newPasswordFormSchema = resetConfirmSchema.safeExtend({
  newPassword: resetConfirmSchema.shape.newPassword.refine(notOnlySpaces, { error: MESSAGES.auth.passwordAllWhitespace }),
  confirmPassword: resetConfirmSchema.shape.confirmPassword.unwrap().min(1, { error: MESSAGES.passwordReset.fillAllFields }),
});

/** "Report this listing": the server's own schema (a reason; a short text, required with "other"). */
export const reportFormSchema = reportSchema;
export const REPORT_FIELDS = ['reason', 'text'] as const;

export const contactFormSchema = supportTicketSchema.omit({ whatsapp: true });
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;

/**
 * Texts that are about the password itself: shown under the password field, not below the form.
 * In both languages: the form's own checks give the English text, the server answers in the
 * language read.
 */
const PASSWORD_PROBLEMS: readonly string[] = [MESSAGES, MESSAGES_FR].flatMap((catalog) => [
  catalog.auth.passwordTooShort,
  catalog.auth.passwordAllWhitespace,
  catalog.auth.passwordTooCommon,
  catalog.auth.passwordLikeEmail,
  catalog.auth.passwordLikeName,
]);

export function isPasswordProblem(message: string | null | undefined): message is string {
  return typeof message === 'string' && PASSWORD_PROBLEMS.includes(message);
}

/**
 * A reset's refusals that only a new code mends: `verify` from a browser that holds no request
 * cookie for this e-mail (asked elsewhere, cookies cleared, or past its 10 minutes); `confirm`
 * without a reset cookie (verified elsewhere, or cookies cleared), or with one spent or past its
 * 10 minutes. In both languages, as the server answers in the language read.
 */
const RESET_STARTS_OVER: readonly string[] = [MESSAGES, MESSAGES_FR].flatMap((catalog) => [
  catalog.passwordReset.askHereFirst,
  catalog.passwordReset.verifyFirst,
  catalog.passwordReset.resetTokenInvalid,
]);

export function resetStartsOver(message: string | null | undefined): boolean {
  return typeof message === 'string' && RESET_STARTS_OVER.includes(message);
}

import { LIMITS, MESSAGES } from '@mboa/contracts';

/** Client-side checks run before any call (spec §5); each returns the text to show, or null. */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL.test(value.trim());

/** Keeps digits only, at most 9 (the field's own filter, spec §5). */
export function cleanWhatsapp(value: string): string {
  return value.replace(/\D/g, '').slice(0, LIMITS.whatsappDigits);
}

/** Texts that are about the password itself: shown under the password field, not below the form. */
const PASSWORD_PROBLEMS: readonly string[] = [
  MESSAGES.auth.passwordTooShort,
  MESSAGES.auth.passwordAllWhitespace,
  MESSAGES.auth.passwordTooCommon,
  MESSAGES.auth.passwordLikeEmail,
  MESSAGES.auth.passwordLikeName,
];

export function isPasswordProblem(message: string | null | undefined): boolean {
  return typeof message === 'string' && PASSWORD_PROBLEMS.includes(message);
}

/** The length and all-spaces rules, checked before any call; the server checks the rest and says why. */
function passwordShapeProblem(password: string): string | null {
  if (password.length < LIMITS.password.minLength) return MESSAGES.auth.passwordTooShort;
  if (password.trim() === '') return MESSAGES.auth.passwordAllWhitespace;
  return null;
}

export function validateSignup(v: { name: string; email: string; password: string; whatsapp: string }): string | null {
  if (!v.name.trim() || !v.email.trim() || !v.password || !v.whatsapp.trim()) return MESSAGES.common.allFieldsRequired;
  if (!isEmail(v.email)) return MESSAGES.auth.invalidEmail;
  if (!new RegExp(`^\\d{${LIMITS.whatsappDigits}}$`).test(v.whatsapp)) return MESSAGES.auth.whatsappExactDigits;
  return passwordShapeProblem(v.password);
}

export function validateResetEmail(email: string): string | null {
  if (!email.trim()) return MESSAGES.passwordReset.emailRequired;
  if (!isEmail(email)) return MESSAGES.auth.invalidEmail;
  return null;
}

export function validateResetCode(code: string): string | null {
  return code.trim() ? null : MESSAGES.passwordReset.codeRequired;
}

export function validateNewPassword(password: string, confirm: string): string | null {
  if (!password || !confirm) return MESSAGES.passwordReset.fillAllFields;
  if (password !== confirm) return MESSAGES.passwordReset.passwordsDoNotMatch;
  return passwordShapeProblem(password);
}

export function validateContact(v: { name: string; email: string; subject: string; message: string }): string | null {
  if (!v.name.trim()) return MESSAGES.contact.nameRequired;
  if (!v.email.trim()) return MESSAGES.contact.emailRequired;
  if (!isEmail(v.email)) return MESSAGES.contact.invalidEmail;
  if (!v.subject.trim()) return MESSAGES.contact.subjectRequired;
  if (!v.message.trim()) return MESSAGES.contact.messageRequired;
  return null;
}

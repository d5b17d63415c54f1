import type { z } from 'zod';
import { MESSAGES } from '../messages.js';

export type ParseResult<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; errors: string[] };

/** Headline texts from the spec that should win over the generic message when present. */
const HEADLINES: readonly string[] = [
  MESSAGES.common.allFieldsRequired,
  MESSAGES.passwordReset.fillAllFields,
  MESSAGES.passwordReset.emailRequired,
  MESSAGES.passwordReset.codeRequired,
  MESSAGES.passwordReset.passwordsDoNotMatch,
  MESSAGES.request.textRequired,
  MESSAGES.request.whatsappRequired,
  MESSAGES.auth.whatsappExactDigits,
  MESSAGES.property.rejectionReasonRequired,
  MESSAGES.property.maxImages,
];

function describe(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Validates `input`. On failure `errors` lists every problem as "field: text" and `message` is a
 * single readable headline: a spec text when one applies, the only text when all agree, else the
 * generic MESSAGES.common.validationFailed.
 */
export function parseOrErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fallbackMessage: string = MESSAGES.common.validationFailed,
): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues;
  const errors = [...new Set(issues.map(describe))];
  const texts = [...new Set(issues.map((i) => i.message))];
  const headline =
    HEADLINES.find((h) => texts.includes(h)) ?? (texts.length === 1 ? texts[0] : undefined) ?? fallbackMessage;
  return { ok: false, message: headline, errors };
}

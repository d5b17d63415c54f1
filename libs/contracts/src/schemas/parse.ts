import type { z } from 'zod';
import { MESSAGES } from '../messages.js';

export type ParseResult<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; errors: string[] };

/** Headline texts of the product that should win over the generic message when present. */
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
 * single readable headline: one of HEADLINES when it applies, the only text when all agree, else the
 * generic MESSAGES.common.validationFailed.
 */
export function parseOrErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fallbackMessage: string = MESSAGES.common.validationFailed,
): ParseResult<z.output<S>> {
  const forbidden = fieldsWithForbiddenCharacters(input);
  if (forbidden.length) {
    const message = MESSAGES.common.forbiddenCharacter;
    return { ok: false, message, errors: forbidden.map((field) => (field ? `${field}: ${message}` : message)) };
  }
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues;
  const errors = [...new Set(issues.map(describe))];
  const texts = [...new Set(issues.map((i) => i.message))];
  const headline =
    HEADLINES.find((h) => texts.includes(h)) ?? (texts.length === 1 ? texts[0] : undefined) ?? fallbackMessage;
  return { ok: false, message: headline, errors };
}

/**
 * NUL cannot be stored in PostgreSQL text and has no place in any text a person types, so every
 * input parsed here refuses it, in values and in keys, wherever it is nested: one check for every
 * schema rather than a rule per field. The same goes for half of a UTF-16 surrogate pair (JSON's
 * `"\ud800"`): no keyboard types one, a text column would store it as U+FFFD and a JSON column
 * (saved-search filters) refuses it outright, which answered 500 (docs/api.md#general-rules).
 */
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 20;

function fieldsWithForbiddenCharacters(input: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, path: string, depth: number): void => {
    if (found.length >= 10 || depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      if (FORBIDDEN.test(value)) found.push(path);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      if (FORBIDDEN.test(key)) found.push(field.replace(new RegExp(FORBIDDEN, 'g'), ''));
      else visit(item, field, depth + 1);
    }
  };
  visit(input, '', 0);
  return found;
}

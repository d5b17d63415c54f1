import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { isBlankText, neutraliseShownText, personNameProblem } from '../rules/shown-text.js';

const M = MESSAGES.common;

/** '' , null and strings of only spaces or invisible characters mean "not given" (query strings, multipart, forms). */
export function emptyToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && isBlankText(value)) return undefined;
  return value;
}

/**
 * Free text others may be shown (docs/api.md#texts-shown-to-others): direction controls dropped,
 * invisible characters trimmed off its ends, so text of only zero-width characters is blank.
 */
export function shownText(value: unknown): unknown {
  return typeof value === 'string' ? neutraliseShownText(value) : value;
}

/** Turns a numeric string into a number; leaves anything else for the inner schema to judge. */
export function toNumber(value: unknown): unknown {
  const v = emptyToUndefined(value);
  if (typeof v === 'string') {
    const n = Number(v.trim().replace(/,/g, ''));
    return n;
  }
  return v;
}

/** A required, trimmed, non-empty shown text; missing, non-string and blank (invisible only) all give `message`. */
export function requiredText(message: string, max?: number, tooLong?: string) {
  const base = z.string({ error: message }).trim().min(1, { error: message });
  return z.preprocess(shownText, max === undefined ? base : base.max(max, { error: tooLong ?? `${message} (at most ${max} characters)` }));
}

/** An optional trimmed shown text; blank becomes undefined. */
export function optionalText(max = 500) {
  return z.preprocess(
    (v) => emptyToUndefined(shownText(v)),
    z.string({ error: M.tooLong }).trim().max(max, { error: M.tooLong }).optional(),
  );
}

/**
 * A person's name (sign-up, profile, staff editing a user, the support form): refused, not
 * neutralised, when it has no visible letter or carries a direction control (rules/shown-text.ts):
 * staff and renters see the name as written, and a name is not where anyone needs either.
 */
export function personNameSchema(required: string, max: number, tooLong: string = M.tooLong) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .superRefine((name, ctx) => {
      const problem = name === '' ? null : personNameProblem(name); // blank: `required` said it already
      if (problem) ctx.addIssue({ code: 'custom', message: problem === 'direction' ? M.nameDirectionControl : M.nameInvisible });
    });
}

interface NumberOptions {
  min?: number;
  max?: number;
  int?: boolean;
  message?: string;
}

/**
 * The number schema behind every numeric input. Without an explicit `max`, the bound is
 * LIMITS.numbers.maxInput: the columns behind these fields are 32-bit integers, and a value like
 * `1e308` must be refused here (400, field named) rather than overflow in the database.
 */
function boundedNumber(opts: NumberOptions) {
  const message = opts.message ?? M.mustBeNumber;
  let n = z.number({ error: message });
  if (opts.int) n = n.int({ error: opts.message ?? M.mustBeWholeNumber });
  n = n.min(opts.min ?? -LIMITS.numbers.maxInput, { error: message });
  n = n.max(opts.max ?? LIMITS.numbers.maxInput, { error: opts.max === undefined ? M.numberTooLarge : message });
  return n;
}

/** A number that may arrive as a string; blank means undefined. */
export function numberInput(opts: NumberOptions = {}) {
  return z.preprocess(toNumber, boundedNumber(opts));
}

/** Like numberInput, but blank, null and missing all give undefined. */
export function optionalNumber(opts: NumberOptions = {}) {
  return z.preprocess(toNumber, boundedNumber(opts).optional());
}

export const idSchema = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: M.idRequired }))
  .pipe(z.string().trim().min(1, { error: M.idRequired }).max(100, { error: M.invalidId }));

export const pageSchema = z.preprocess(
  toNumber,
  z
    .number({ error: M.pageInvalid })
    .int({ error: M.pageInvalid })
    .min(1, { error: M.pageInvalid })
    // Far past any real list, and the row offset it leads to stays within a 32-bit integer.
    .max(LIMITS.numbers.maxPage, { error: M.numberTooLarge })
    .default(1),
);

export function limitSchema(defaultLimit: number) {
  return z.preprocess(
    toNumber,
    z
      .number({ error: M.limitInvalid })
      .int({ error: M.limitInvalid })
      .min(1, { error: M.limitInvalid })
      .max(LIMITS.search.maxPageSize, { error: M.limitInvalid })
      .default(defaultLimit),
  );
}

/** E-mail: trimmed and lower-cased (e-mail is unique case-insensitively). */
export function emailSchema(requiredMessage: string, invalidMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .toLowerCase()
    .pipe(z.email({ error: invalidMessage }).max(254, { error: invalidMessage }));
}

/** WhatsApp number: exactly 9 digits; spaces are ignored. */
export function whatsappSchema(requiredMessage: string = MESSAGES.auth.whatsappExactDigits) {
  const exact = MESSAGES.auth.whatsappExactDigits;
  return z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
      z.string({ error: requiredMessage }).min(1, { error: requiredMessage }),
    )
    .pipe(z.string().regex(new RegExp(`^\\d{${LIMITS.whatsappDigits}}$`), { error: exact }));
}

/** Accepts `true`/`false` and their string forms ('true', 'on', '1'). */
export function booleanInput() {
  return z.preprocess((v) => {
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (['true', 'on', '1', 'yes'].includes(s)) return true;
      if (['false', 'off', '0', 'no', ''].includes(s)) return false;
    }
    return v;
  }, z.boolean({ error: M.mustBeBoolean }));
}

/** Status filter where '', 'all' and missing all mean "every status". */
export function statusFilter<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => {
      const e = emptyToUndefined(v);
      return typeof e === 'string' && e.trim().toLowerCase() === 'all' ? undefined : e;
    },
    z.enum(values, { error: M.invalidStatus }).optional(),
  );
}

/** Who asks, as the gateway resolved it from the session (types/requests.ts `Actor`). */
export const actorSchema = z.object({
  userId: z.string().min(1).max(100),
  role: z.enum(['renter', 'landlord', 'caretaker', 'admin']),
  isVerified: z.boolean(),
  name: z.string().max(200).optional(),
});

import { z } from 'zod';
import { personCheckChallengeSchema } from '../schemas/person-check.js';
import { component } from './components.js';

/** JSON body of every /api error (docs/api.md#status-codes-and-errors). */
export const errorBodySchema = component(
  z.object({
    /** One text a person can read, in the caller's language. */
    message: z.string(),
    /** Only for field problems: each as "<field path>: <text>". */
    errors: z.array(z.string()).optional(),
    /** Only where a client acts on the kind of refusal (SECOND_FACTOR_ERROR_CODES); stable, never translated. */
    code: z.string().optional(),
    /** Only on a 429 past a per-address allowance: the challenge that lets the request through (docs/api.md#the-person-check). */
    personCheck: personCheckChallengeSchema.optional(),
  }),
  'ErrorBody',
  'Every error answer: { message, errors? } (errors lists field problems as "<field path>: <text>")',
);

/** A plain success answer carrying a readable text. */
export const messageResponseSchema = z.object({ message: z.string() });

/** Paging facts returned with lists (docs/api.md#pagination). */
export const listMetaSchema = z.object({
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  totalPages: z.number().int().min(1),
});

export const paginationSchema = listMetaSchema.extend({ limit: z.number().int().min(1) });

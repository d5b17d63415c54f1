import type { z } from 'zod';
import { parseOrErrors } from '@mboa/contracts';
import { fail } from './service-exception.js';

/** Parses a message payload with a contracts schema, or refuses it with 400 and each field problem. */
export function parsePayload<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = parseOrErrors(schema, input);
  if (!result.ok) throw fail.badRequest(result.message, result.errors);
  return result.data;
}

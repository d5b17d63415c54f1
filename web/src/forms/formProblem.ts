import { MESSAGES } from '@mboa/contracts';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The one text a form shows under itself after the schema of @mboa/contracts refused it: "all
 * fields are required" when any field is missing (as the catalog words it), else the first field's
 * problem in the order the fields are on screen.
 */
export function formProblem<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly (keyof T & string)[],
  required: string = MESSAGES.common.allFieldsRequired,
): string | null {
  const messages = order.map((field) => errors[field]?.message).filter((m): m is string => typeof m === 'string' && m !== '');
  return messages.includes(required) ? required : (messages[0] ?? null);
}

import { z } from 'zod';

/** The OpenAPI body schema of a contracts zod schema, so the document never drifts from validation. */
export function jsonSchemaOf(schema: unknown): Record<string, any> {
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, any>;
    delete json.$schema;
    return json;
  } catch {
    return { type: 'object' };
  }
}

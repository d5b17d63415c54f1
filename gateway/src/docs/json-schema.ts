import type { ApiBodyOptions } from '@nestjs/swagger';
import { z } from 'zod';

/** What `@ApiBody({ schema })` takes: Nest's OpenAPI schema type, which it does not export by name. */
export type OpenApiSchema = Extract<ApiBodyOptions, { schema: unknown }>['schema'];

/** The OpenAPI body schema of a contracts zod schema, so the document never drifts from validation. */
export function jsonSchemaOf(schema: z.ZodType): OpenApiSchema {
  try {
    // OpenAPI 3.0 (what the document declares): `nullable`, no `const` or type lists.
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });
    return json as OpenApiSchema;
  } catch {
    return { type: 'object' };
  }
}

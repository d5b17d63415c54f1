import { ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { API_COMPONENTS } from '@mboa/contracts';
import type { OpenApiSchema } from './json-schema.js';

/** Error statuses an operation may declare; each answers the shared `ErrorBody`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;

/** What a success answer may be declared with: its zod schema, or one with a description. */
type Success = z.ZodType | { schema: z.ZodType; description: string };

export interface Answers {
  200?: Success;
  201?: Success;
  /** Statuses (generic description) or statuses with the operation's own description. */
  errors?: readonly ErrorStatus[] | Partial<Record<ErrorStatus, string>>;
}

/** Where the document keeps the shared shapes (`API_COMPONENTS`), and the error body. */
export const COMPONENTS_PATH = '#/components/schemas/';
export const ERROR_BODY_REF = { $ref: `${COMPONENTS_PATH}ErrorBody` } as const;

/** Seconds to wait, on every 429 and 503 the gateway answers (docs/api.md#rate-limits). */
export const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
} as const;

export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Bad input, changing nothing: `errors` names each field ("<field path>: <text>"); also a body that is not valid JSON',
  401: 'Not signed in (`Please log in to continue.`)',
  403: 'Signed in but not allowed, or a request from another site',
  404: 'Not found (or not visible to the caller)',
  409: 'Conflicts with the current state',
  410: 'No longer valid',
  413: 'Too large: a body over 100 KB',
  422: 'The Idempotency-Key was already used for a different request (docs/api.md#idempotency-key)',
  429: 'Too many attempts; `Retry-After` says how many seconds to wait',
  503: 'A needed service is not answering, or the gateway is stopping; `Retry-After` when known',
};

/** The error answer of `status` as the document shows it: the shared body, Retry-After on 429 and 503. */
export function errorResponse(status: ErrorStatus, description = ERROR_DESCRIPTIONS[status]) {
  const withWait = status === 429 || status === 503;
  return {
    description,
    content: { 'application/json': { schema: ERROR_BODY_REF } },
    ...(withWait ? { headers: RETRY_AFTER_HEADER } : {}),
  };
}

const SAFE_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/**
 * Zod 4's OpenAPI 3.0 output, made ready for the document: references to named shapes point into
 * `#/components/schemas`, and the safe-integer bounds zod adds to every `.int()` (noise to a
 * reader) are left out.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!node || typeof node !== 'object') return node;
  const { nullable, allOf, type, ...rest } = node as Record<string, unknown>;
  // A named shape or null: zod writes `{ nullable, allOf: [{ $ref }] }`, but OpenAPI 3.0.3 lets
  // `nullable` admit null only beside a `type`, so say "the shape, or null" in a form every reader takes.
  if (nullable === true && type === undefined && Array.isArray(allOf) && allOf.length === 1 && Object.keys(rest).length === 0) {
    return { anyOf: [tidy(allOf[0]), { type: 'object', nullable: true, enum: [null] }] };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'definitions' || key === '$defs' || key === '$id' || key === '$schema') continue;
    if ((key === 'minimum' || key === 'maximum') && SAFE_BOUNDS.has(value as number)) continue;
    if (key === '$ref' && typeof value === 'string') {
      out[key] = value.replace(/^#\/(definitions|\$defs)\//, COMPONENTS_PATH);
      continue;
    }
    out[key] = tidy(value);
  }
  return out;
}

/** The OpenAPI schema of an answer's zod schema; shapes named in `API_COMPONENTS` become references. */
export function responseSchemaOf(schema: z.ZodType): OpenApiSchema {
  return tidy(z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', metadata: API_COMPONENTS, unrepresentable: 'any' })) as OpenApiSchema;
}

/** Every named shape (`API_COMPONENTS`) as the document's `components.schemas`. */
export function componentSchemas(): Record<string, OpenApiSchema> {
  const { schemas } = z.toJSONSchema(API_COMPONENTS, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `${COMPONENTS_PATH}${id}`,
  });
  const out: Record<string, OpenApiSchema> = {};
  for (const [id, json] of Object.entries(schemas)) {
    // The registry's own description (the registry output carries only the shape).
    const shape = API_COMPONENTS._idmap.get(id);
    const description = shape ? API_COMPONENTS.get(shape)?.description : undefined;
    out[id] = { ...(tidy(json) as object), ...(description ? { description } : {}) };
  }
  return out;
}

/**
 * An operation's answers, from the contracts' zod schemas (one source of truth with the types the
 * handlers return): the success answer's schema and the error statuses it may give, each with the
 * shared `ErrorBody`, `Retry-After` on 429. 401/403 for protected routes, 400/403/413 for bodies and
 * 503 are added to every operation by `documentRoutes` (docs/openapi.ts); list them here only to
 * word them for this operation.
 */
export function ApiAnswers(answers: Answers): MethodDecorator {
  return (target, key, descriptor) => {
    for (const status of [200, 201] as const) {
      const success = answers[status];
      if (!success) continue;
      const { schema, description } = success instanceof z.ZodType ? { schema: success, description: status === 201 ? 'Created' : 'OK' } : success;
      ApiResponse({ status, description, schema: responseSchemaOf(schema) })(target, key, descriptor);
    }
    const errors = answers.errors ?? [];
    const entries: [ErrorStatus, string][] = Array.isArray(errors)
      ? (errors as readonly ErrorStatus[]).map((s) => [s, ERROR_DESCRIPTIONS[s]])
      : (Object.entries(errors) as [string, string][]).map(([s, d]) => [Number(s) as ErrorStatus, d]);
    for (const [status, description] of entries) {
      const { content, headers } = errorResponse(status, description);
      ApiResponse({ status, description, content, ...(headers ? { headers } : {}) })(target, key, descriptor);
    }
  };
}

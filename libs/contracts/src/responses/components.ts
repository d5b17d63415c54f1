import { z } from 'zod';

/**
 * Response shapes that the OpenAPI document names as components (`#/components/schemas/<id>`)
 * instead of repeating them inline: every answer that holds a property or a user refers to one
 * definition. Only the gateway's document reads it; nothing registers at run time in the web apps
 * (they import these modules for types only).
 */
export const API_COMPONENTS = z.registry<{ id: string; description?: string }>();

/** Names `schema` in the document's components; answers that embed it refer to it. */
export function component<T extends z.ZodType>(schema: T, id: string, description?: string): T {
  API_COMPONENTS.add(schema, description ? { id, description } : { id });
  return schema;
}

/** ISO 8601 date-time as it travels in JSON (`Date#toISOString()`). */
export const isoDateSchema = z.iso.datetime({ offset: true });

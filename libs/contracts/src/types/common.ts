import type { z } from 'zod';
import type { listMetaSchema, messageResponseSchema, paginationSchema } from '../responses/common.js';

/** Paging facts returned with lists (docs/api.md#pagination). */
export type ListMeta = z.infer<typeof listMetaSchema>;

export type Pagination = z.infer<typeof paginationSchema>;

/** ISO-8601 date-time string as it travels in JSON. */
export type IsoDateString = string;

/** Reply to every `<service>.health` pattern. */
export interface HealthReply {
  service: string;
  status: 'ok' | 'degraded';
  checks?: Record<string, 'ok' | 'fail'>;
}

/** A plain success answer carrying a readable text. */
export type MessageResponse = z.infer<typeof messageResponseSchema>;

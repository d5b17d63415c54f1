/** Paging facts returned with lists (docs/api.md#pagination). */
export interface ListMeta {
  total: number;
  page: number;
  totalPages: number;
}

export interface Pagination extends ListMeta {
  limit: number;
}

/** ISO-8601 date-time string as it travels in JSON. */
export type IsoDateString = string;

/** Reply to every `<service>.health` pattern. */
export interface HealthReply {
  service: string;
  status: 'ok' | 'degraded';
  checks?: Record<string, 'ok' | 'fail'>;
}

/** A plain success answer carrying a readable text. */
export interface MessageResponse {
  message: string;
}

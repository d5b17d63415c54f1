import { MESSAGES, type ErrorBody } from '@mboa/contracts';

/** A non-ok answer from /api (CONTRACT.md: `{ message, errors? }`), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorFromBody(status: number, body: unknown, fallback: string): ApiError {
  const b = (body ?? {}) as Partial<ErrorBody> & { error?: unknown };
  const message =
    typeof b.message === 'string' && b.message ? b.message : typeof b.error === 'string' && b.error ? b.error : fallback;
  const errors = Array.isArray(b.errors) ? b.errors.filter((e): e is string => typeof e === 'string') : [];
  return new ApiError(status, message, errors);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  signal?: AbortSignal;
  /** Text used when the server gives none. */
  fallback?: string;
}

/** JSON call to the same-origin API with the session cookie. Throws ApiError unless 2xx. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const fallback = options.fallback ?? MESSAGES.common.unexpected;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError(0, fallback);
  }
  const data = await readBody(response);
  if (!response.ok) throw errorFromBody(response.status, data, fallback);
  return data as T;
}

export function isAbort(error: unknown): boolean {
  return (error as Error)?.name === 'AbortError';
}

import { PERSON_CHECK_HEADER, type ErrorBody } from '@mboa/contracts';
import { currentLanguage, currentMessages } from './i18n.js';
import { answerPersonCheck } from './person-check.js';

/** A non-ok answer from /api (docs/api.md: `{ message, errors? }`), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [],
    /** The refusal's stable `code`, where the server gives one (the admin area's second factor). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Builds `?a=1&b=2`, leaving out empty values (an empty filter is no filter). */
export function toQueryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') params.set(key, text);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The server's own text when it gave one (`message`, else `error`), otherwise `fallback`. */
export function errorFromBody(status: number, body: unknown, fallback: string): ApiError {
  const b = (body ?? {}) as Partial<ErrorBody> & { error?: unknown };
  const message =
    typeof b.message === 'string' && b.message ? b.message : typeof b.error === 'string' && b.error ? b.error : fallback;
  const errors = Array.isArray(b.errors) ? b.errors.filter((e): e is string => typeof e === 'string') : [];
  return new ApiError(status, message, errors, typeof b.code === 'string' ? b.code : undefined);
}

export function isAbort(error: unknown): boolean {
  return (error as Error)?.name === 'AbortError';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Text used when the server gives none. */
  fallback?: string;
  /** Extra request headers (e.g. `Purpose: prefetch` for a download nobody is looking at yet). */
  headers?: Record<string, string>;
}

/**
 * JSON call to the same-origin API with the session cookie. Throws ApiError unless 2xx. A 429 that
 * carries a person check (docs/api.md#the-person-check) is answered and the call sent once more.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal } = options;
  // Read only when needed: the text of the language shown at that moment.
  const fallback = () => options.fallback ?? currentMessages().common.unexpected;
  let response: Response;
  try {
    response = await fetch(`/api${path}${toQueryString(query)}`, {
      method,
      credentials: 'include',
      // The server words its messages in the language shown (docs/api.md#languages).
      headers: {
        Accept: 'application/json',
        'Accept-Language': currentLanguage(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, fallback());
  }
  const data = parseJson(await response.text());
  const challenge = (data as Partial<ErrorBody> | null)?.personCheck;
  if (response.status === 429 && challenge && !options.headers?.[PERSON_CHECK_HEADER]) {
    const answer = await answerPersonCheck(challenge, signal);
    if (answer) return api<T>(path, { ...options, headers: { ...options.headers, [PERSON_CHECK_HEADER]: answer } });
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    throw new ApiError(429, currentMessages().personCheck.failed);
  }
  if (!response.ok) throw errorFromBody(response.status, data, fallback());
  return data as T;
}

/**
 * Multipart POST through XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` receives 0–100.
 */
export function upload<T>(path: string, form: FormData, onProgress: (percent: number) => void, fallback: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as T);
      } else reject(errorFromBody(xhr.status, body, fallback));
    };
    xhr.onerror = () => reject(new ApiError(0, fallback));
    xhr.onabort = () => reject(new ApiError(0, fallback));
    xhr.send(form);
  });
}

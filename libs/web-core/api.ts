import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyHeaderValue, LIMITS, PERSON_CHECK_HEADER, type ErrorBody } from '@mboa/contracts';
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
  /**
   * The user action a write belongs to (docs/api.md#idempotency-key): every send of it carries this
   * key, so the server does it once however often it is sent. A fresh key per call when absent.
   */
  idempotencyKey?: string;
}

/** A new key for one user action: random, never derived from what the action says. */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts; a phone trying the app over plain http on the LAN has getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Pause before sending a write again after its answer was lost: 1 s, 2 s, 4 s. */
export const writeRetryDelayMs = (attempt: number) => 1000 * 2 ** attempt;

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('Aborted', 'AbortError'))), { once: true });
  });

/**
 * Whether a write should be sent again under its key: its answer was lost (the network failed,
 * status 0), or the server is still doing it (409 with Retry-After: the same key in progress).
 * Any other answer is final. Returns how long to wait first, or null.
 */
function resendAfterMs(status: number, retryAfter: string | null, attempt: number): number | null {
  if (attempt >= LIMITS.idempotency.clientRetries) return null;
  // Offline for certain: nothing left the device, and the person is better told at once.
  if (status === 0) return typeof navigator !== 'undefined' && navigator.onLine === false ? null : writeRetryDelayMs(attempt);
  if (status === 409 && retryAfter !== null && Number(retryAfter) >= 0) return Number(retryAfter) * 1000;
  return null;
}

/**
 * JSON call to the same-origin API with the session cookie. Throws ApiError unless 2xx. A 429 that
 * carries a person check (docs/api.md#the-person-check) is answered and the call sent once more.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal } = options;
  // Read only when needed: the text of the language shown at that moment.
  const fallback = () => options.fallback ?? currentMessages().common.unexpected;
  // A write is one user action: one key for all its sends, the person check's included.
  const key = method === 'GET' ? undefined : (options.idempotencyKey ?? newIdempotencyKey());
  let response: Response | null = null;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(`/api${path}${toQueryString(query)}`, {
        method,
        credentials: 'include',
        // The server words its messages in the language shown (docs/api.md#languages).
        headers: {
          Accept: 'application/json',
          'Accept-Language': currentLanguage(),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyHeaderValue(key) }),
          ...options.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      response = null;
    }
    // Reads are retried by the data layer (query.ts); a write under its key is safe to send again here.
    const wait = key === undefined ? null : resendAfterMs(response?.status ?? 0, response?.headers.get('Retry-After') ?? null, attempt);
    if (wait === null) break;
    await pause(wait, signal);
  }
  if (!response) throw new ApiError(0, fallback());
  const data = parseJson(await response.text());
  const challenge = (data as Partial<ErrorBody> | null)?.personCheck;
  if (response.status === 429 && challenge && !options.headers?.[PERSON_CHECK_HEADER]) {
    const answer = await answerPersonCheck(challenge, signal);
    if (answer) return api<T>(path, { ...options, idempotencyKey: key, headers: { ...options.headers, [PERSON_CHECK_HEADER]: answer } });
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    throw new ApiError(429, currentMessages().personCheck.failed);
  }
  if (!response.ok) throw errorFromBody(response.status, data, fallback());
  return data as T;
}

/**
 * Multipart POST through XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` receives 0–100. Sent under `idempotencyKey` (a fresh one when absent), and sent again
 * under it when the answer is lost or the server is still at it (docs/api.md#idempotency-key).
 */
export async function upload<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  fallback: string,
  options: { idempotencyKey?: string } = {},
): Promise<T> {
  const key = options.idempotencyKey ?? newIdempotencyKey();
  for (let attempt = 0; ; attempt++) {
    const sent = await sendUpload(path, form, onProgress, key);
    // A cancelled send (the page going away) is not sent again.
    const wait = sent.aborted ? null : resendAfterMs(sent.status, sent.retryAfter, attempt);
    if (wait !== null) {
      await pause(wait);
      continue;
    }
    if (sent.status >= 200 && sent.status < 300) {
      onProgress(100);
      return sent.body as T;
    }
    throw sent.status === 0 ? new ApiError(0, fallback) : errorFromBody(sent.status, sent.body, fallback);
  }
}

function sendUpload(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  key: string,
): Promise<{ status: number; body: unknown; retryAfter: string | null; aborted?: boolean }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKeyHeaderValue(key));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, body: parseJson(xhr.responseText), retryAfter: xhr.status === 409 ? xhr.getResponseHeader('Retry-After') : null });
    xhr.onerror = () => resolve({ status: 0, body: null, retryAfter: null });
    xhr.onabort = () => resolve({ status: 0, body: null, retryAfter: null, aborted: true });
    xhr.send(form);
  });
}

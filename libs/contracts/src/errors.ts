import type { z } from 'zod';
import type { errorBodySchema } from './responses/common.js';

/** JSON body of every /api error (docs/api.md#status-codes-and-errors). */
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a service answers over NATS instead of a result when the request fails. */
export interface ServiceError extends ErrorBody {
  status: number;
}

/** A reply from a service: the result, or a ServiceError. */
export type ServiceReply<T> = T | ServiceError;

export const HTTP_STATUS = {
  ok: 200,
  created: 201,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
} as const;

export function serviceError(status: number, message: string, errors?: readonly string[]): ServiceError {
  return errors && errors.length > 0 ? { status, message, errors: [...errors] } : { status, message };
}

export const badRequest = (message: string, errors?: readonly string[]) => serviceError(400, message, errors);
export const unauthorized = (message: string) => serviceError(401, message);
export const forbidden = (message: string) => serviceError(403, message);
export const notFound = (message: string) => serviceError(404, message);
export const conflict = (message: string) => serviceError(409, message);
export const tooManyRequests = (message: string) => serviceError(429, message);

/**
 * True for a ServiceError. Requires an integer status 400–599 so that a successful reply carrying
 * a `message` (login: `{ user, message }`) or a string `status` (a property) is never mistaken for one.
 */
export function isServiceError(value: unknown): value is ServiceError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.status === 'number' &&
    Number.isInteger(v.status) &&
    v.status >= 400 &&
    v.status <= 599 &&
    typeof v.message === 'string' &&
    (v.errors === undefined || (Array.isArray(v.errors) && v.errors.every((e) => typeof e === 'string')))
  );
}

/** The HTTP body for a ServiceError (drops `status`). */
export function toErrorBody(error: ErrorBody): ErrorBody {
  return error.errors && error.errors.length > 0
    ? { message: error.message, errors: [...error.errors] }
    : { message: error.message };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.message === 'string' && (v.errors === undefined || Array.isArray(v.errors));
}

import { RpcException } from '@nestjs/microservices';
import { LIMITS, type ServiceError } from '@mboa/contracts';

/**
 * A rule a service refuses with: carried over NATS as a plain `{ status, message, errors? }`
 * object, which the gateway turns into the HTTP status and error body of docs/api.md#status-codes-and-errors.
 */
export class ServiceException extends RpcException {
  constructor(status: number, message: string, errors?: string[]) {
    super(errors && errors.length ? { status, message, errors } : { status, message });
  }

  get body(): ServiceError {
    return this.getError() as ServiceError;
  }
}

export const fail = {
  badRequest: (message: string, errors?: string[]) => new ServiceException(400, message, errors),
  unauthorized: (message: string) => new ServiceException(401, message),
  forbidden: (message: string) => new ServiceException(403, message),
  notFound: (message: string) => new ServiceException(404, message),
  conflict: (message: string) => new ServiceException(409, message),
  tooMany: (message: string, retryAfterSeconds: number) =>
    new RpcException({ status: 429, message, retryAfter: retryAfterSeconds }),
  /** A service this one needs did not answer: 503 (504 for a timeout) with Retry-After, never a 500. */
  unavailable: (cause: { status: number; message: string; retryAfter?: number }) =>
    new RpcException({
      status: cause.status === 504 ? 504 : 503,
      message: cause.message,
      retryAfter: cause.retryAfter ?? LIMITS.http.serviceDownRetryAfterSeconds,
    }),
};

import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MESSAGES, type ErrorBody } from '@mboa/contracts';
import { RpcCallError } from '@mboa/platform';
import { PersonCheckRequired, TooManyAttempts } from '../security/rate-limits.js';

/** Every error leaves as `{ message, errors? }` with its status (docs/api.md#status-codes-and-errors); 5xx only for our faults. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, body, retryAfter } = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    if (res.headersSent) return;
    res.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; body: ErrorBody; retryAfter?: number } {
    if (exception instanceof TooManyAttempts) {
      const personCheck = exception instanceof PersonCheckRequired ? { personCheck: exception.challenge } : {};
      return { status: 429, body: { message: MESSAGES.common.tooManyAttempts, ...personCheck }, retryAfter: exception.retryAfterSeconds };
    }
    if (exception instanceof RpcCallError) {
      const body = exception.toBody();
      return {
        status: exception.status,
        body: body.errors ? { message: body.message, errors: body.errors } : { message: body.message },
        retryAfter: exception.retryAfter,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      // A 429 of our own (e.g. uploads' RetryLater) says how long to wait.
      const wait = (exception as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      const retryAfter = typeof wait === 'number' ? wait : undefined;
      // Nest's own "Cannot GET /api/x" for unknown routes.
      if (status === 404 && typeof response === 'object' && /^Cannot [A-Z]+ /.test(String((response as ErrorBody).message))) {
        return { status, body: { message: MESSAGES.common.routeNotFound } };
      }
      if (typeof response === 'object' && response && typeof (response as ErrorBody).message === 'string') {
        const { message, errors, code } = response as ErrorBody;
        const body: ErrorBody = Array.isArray(errors) ? { message, errors } : { message };
        // A stable refusal code a client acts on (the second factor's), kept as it is.
        if (typeof code === 'string') body.code = code;
        return { status, body, retryAfter };
      }
      return { status, body: { message: typeof response === 'string' ? response : exception.message } };
    }
    return { status: 500, body: { message: MESSAGES.common.internalError } };
  }
}

/** What body-parser's errors carry (http-errors): `type` names the failure, `status` is its HTTP status. */
interface BodyParserError {
  type?: unknown;
  status?: unknown;
  message?: unknown;
}

/** Express-level errors raised before Nest routes run (body parsing). */
export function bodyParserErrors(err: unknown, _req: Request, res: Response, next: (e?: unknown) => void): void {
  if (!err) return next();
  const e = (typeof err === 'object' ? err : {}) as BodyParserError;
  if (e.type === 'entity.too.large') {
    res.status(413).json({ message: MESSAGES.common.payloadTooLarge });
    return;
  }
  if (e.type === 'entity.parse.failed' || err instanceof SyntaxError) {
    res.status(400).json({ message: MESSAGES.common.invalidJson });
    return;
  }
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    res.status(e.status).json({ message: (typeof e.message === 'string' && e.message) || MESSAGES.common.validationFailed });
    return;
  }
  next(err);
}

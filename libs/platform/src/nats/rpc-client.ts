import { headers as natsHeaders } from '@nats-io/transport-node';
import { NatsRecordBuilder } from '@nestjs/microservices';
import { firstValueFrom, timeout as rxTimeout } from 'rxjs';
import { LIMITS, MESSAGES, type Pattern, type ReplyOf, type RequestOf, type ServiceError } from '@mboa/contracts';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-context.js';
import { natsRequestDuration } from '../metrics/standard.js';
import { withRpcClientSpan, type HeaderSetter } from '../tracing/context.js';
import { PrefixedNatsClient } from './transport.js';

export interface RpcClientOptions {
  servers: string | string[];
  subjectPrefix?: string;
  timeoutMs?: number;
  name?: string;
}

/** An answer a service refused with, or our own fault reaching it (status 503/504). */
export class RpcCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: string[],
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  toBody(): ServiceError {
    return this.errors?.length
      ? { status: this.status, message: this.message, errors: this.errors }
      : { status: this.status, message: this.message };
  }
}

/**
 * Typed request/reply over NATS: resolves with the service's answer or rejects with RpcCallError.
 * The payload and the answer take their types from the pattern (RpcContract in @mboa/contracts).
 */
export class RpcClient {
  readonly proxy: PrefixedNatsClient;
  private readonly timeoutMs: number;

  constructor(options: RpcClientOptions) {
    this.proxy = new PrefixedNatsClient({
      servers: options.servers,
      subjectPrefix: options.subjectPrefix,
      name: options.name,
    });
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async connect(): Promise<void> {
    await this.proxy.connect();
  }

  async call<P extends Pattern>(
    pattern: P,
    payload: RequestOf<P>,
    opts: { timeoutMs?: number; requestId?: string } = {},
  ): Promise<ReplyOf<P>> {
    // A client span when tracing is on; its context travels in the headers with the request id.
    return withRpcClientSpan(pattern, (injectTrace) => this.send(pattern, payload, opts, injectTrace), (error) => error instanceof RpcCallError && error.status >= 500);
  }

  private async send<P extends Pattern>(
    pattern: P,
    payload: RequestOf<P>,
    opts: { timeoutMs?: number; requestId?: string },
    injectTrace: ((headers: HeaderSetter) => void) | undefined,
  ): Promise<ReplyOf<P>> {
    // The request id travels as a NATS header, so payloads and handlers stay as they are.
    const requestId = opts.requestId ?? currentRequestId();
    let message: unknown = payload;
    if (requestId || injectTrace) {
      const h = natsHeaders();
      if (requestId) h.set(REQUEST_ID_HEADER, requestId);
      injectTrace?.(h);
      message = new NatsRecordBuilder(payload).setHeaders(h).build();
    }
    const stop = natsRequestDuration.startTimer();
    try {
      const result = await firstValueFrom(
        this.proxy.send<ReplyOf<P>, unknown>(pattern, message).pipe(rxTimeout(opts.timeoutMs ?? this.timeoutMs)),
      );
      stop({ pattern, outcome: 'ok' });
      return result;
    } catch (err) {
      const error = toRpcCallError(err);
      stop({ pattern, outcome: String(error.status) });
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.proxy.close();
  }
}

export function toRpcCallError(err: unknown): RpcCallError {
  if (err instanceof RpcCallError) return err;
  if (err && typeof err === 'object') {
    const e = err as Record<string, unknown>;
    if (typeof e.status === 'number' && typeof e.message === 'string') {
      return new RpcCallError(
        e.status,
        e.message,
        Array.isArray(e.errors) ? (e.errors as string[]) : undefined,
        typeof e.retryAfter === 'number' ? e.retryAfter : undefined,
      );
    }
    const name = (e as { name?: string }).name;
    if (name === 'TimeoutError') return new RpcCallError(504, MESSAGES.common.serviceTimeout);
    // Nest's answer for anything a handler threw that was not a ServiceException: the service was
    // reached and failed, which is a 500, not "unavailable". (The fault is logged by the service.)
    if (e.status === 'error' && !isMissingHandler(e.message)) return new RpcCallError(500, MESSAGES.common.internalError);
  }
  // No responders (NATS answers at once when no replica listens), no handler: not reachable. A
  // crashed service is back in seconds, so the caller is told when to try again.
  return new RpcCallError(503, MESSAGES.common.serviceUnavailable, undefined, LIMITS.http.serviceDownRetryAfterSeconds);
}

/**
 * True when a service this one called was down or too slow (503/504). The caller passes that on
 * as it is (`fail.unavailable`), not as a fault of its own: the user's request changed nothing
 * and can be tried again.
 */
export function isUnavailable(error: unknown): error is RpcCallError {
  return error instanceof RpcCallError && (error.status === 503 || error.status === 504);
}

/** Nest's text when the service runs but has no handler for the pattern (an older replica). */
function isMissingHandler(message: unknown): boolean {
  return typeof message === 'string' && message.includes('no matching message handler');
}


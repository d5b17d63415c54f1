import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';

/*
 * What the platform's own code (NATS requests, outbox, consumers, logs) needs of tracing. It uses
 * only the OpenTelemetry API, a few kilobytes of no-op functions; and while no SDK is started
 * (tracing not configured) every helper here returns at its first line, so the default path
 * costs a boolean test.
 */

const TRACER = 'mboa-platform';
let active = false;

/** Set by startTracing once a tracer provider is registered (and cleared by its shutdown). */
export function setTracingActive(on: boolean): void {
  active = on;
}

export function tracingActive(): boolean {
  return active;
}

/** Something headers can be written to: a NATS MsgHdrs, a plain record. */
export interface HeaderSetter {
  set(key: string, value: string): void;
}

/** Writes the current trace context (W3C `traceparent`, `tracestate`) into `headers`. */
export function injectTraceContext(headers: HeaderSetter, ctx: Context = context.active()): void {
  if (!active) return;
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  for (const [key, value] of Object.entries(carrier)) headers.set(key, value);
}

/** The current span's `traceparent`, to store with a recorded event; undefined when none. */
export function currentTraceparent(): string | undefined {
  if (!active) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The trace and span ids for a log line, when a span is active. */
export function logTraceIds(): { trace_id: string; span_id: string } | undefined {
  if (!active) return undefined;
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

function contextFrom(get: (key: string) => string | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, { traceparent: get('traceparent'), tracestate: get('tracestate') }, {
    get: (carrier: Record<string, string | undefined>, key: string) => carrier[key],
    keys: (carrier: Record<string, string | undefined>) => Object.keys(carrier),
  });
}

async function inSpan<T>(span: Span, ctx: Context, fn: () => Promise<T>, failed?: (error: unknown) => boolean): Promise<T> {
  try {
    return await context.with(trace.setSpan(ctx, span), fn);
  } catch (error) {
    if (!failed || failed(error)) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      if (error instanceof Error) span.recordException(error);
    }
    throw error;
  } finally {
    span.end();
  }
}

/**
 * A request sent over NATS: a client span around `fn`, which is handed a function writing the
 * span's context into the request's headers.
 */
export function withRpcClientSpan<T>(
  pattern: string,
  fn: (inject: ((headers: HeaderSetter) => void) | undefined) => Promise<T>,
  failed?: (error: unknown) => boolean,
): Promise<T> {
  if (!active) return fn(undefined);
  const tracer = trace.getTracer(TRACER);
  const parent = context.active();
  const span = tracer.startSpan(`send ${pattern}`, { kind: SpanKind.CLIENT, attributes: rpcAttributes(pattern) }, parent);
  const ctx = trace.setSpan(parent, span);
  return inSpan(span, parent, () => fn((headers) => injectTraceContext(headers, ctx)), failed);
}

/** The span of a request a server is handling; it ends with the request's final answer. */
export interface ServerSpan {
  /** Runs the handling under the span (and ends it if the handling throws). */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** The final answer went out; `failure` when it was the service's own fault. */
  answered(failure?: string): void;
}

/**
 * A request received over NATS: a server span, child of the caller's span named in the headers;
 * undefined while tracing is off. Nest publishes answers on a later tick than the handler
 * returns, so the transport ends the span when it publishes the final answer, not before.
 */
export function startRpcServerSpan(pattern: string, get: (key: string) => string | undefined): ServerSpan | undefined {
  if (!active) return undefined;
  const parent = contextFrom(get);
  const span = trace.getTracer(TRACER).startSpan(`process ${pattern}`, { kind: SpanKind.SERVER, attributes: rpcAttributes(pattern) }, parent);
  let ended = false;
  const end = (failure?: string) => {
    if (ended) return;
    ended = true;
    if (failure !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: failure });
    span.end();
  };
  return {
    run: async (fn) => {
      try {
        return await context.with(trace.setSpan(parent, span), fn);
      } catch (error) {
        end(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    answered: end,
  };
}

/**
 * An event handled by a consumer: a span of its own (a consumer runs long after, and maybe many
 * times for one event), linked to the span that recorded the event, so the two read as one story.
 */
export function withEventConsumerSpan<T>(
  consumer: string,
  event: { id: string; type: string; traceparent?: string },
  fn: () => Promise<T>,
): Promise<T> {
  if (!active) return fn();
  const links: Link[] = [];
  if (event.traceparent) {
    const recorded = trace.getSpanContext(contextFrom((key) => (key === 'traceparent' ? event.traceparent : undefined)));
    if (recorded) links.push({ context: recorded });
  }
  const attributes: Attributes = {
    'messaging.system': 'nats',
    'messaging.operation.type': 'process',
    'messaging.destination.name': event.type,
    'messaging.consumer.group.name': consumer,
    'messaging.message.id': event.id,
  };
  const span = trace.getTracer(TRACER).startSpan(`process ${event.type}`, { kind: SpanKind.CONSUMER, links, attributes, root: true }, ROOT_CONTEXT);
  return inSpan(span, ROOT_CONTEXT, fn);
}

function rpcAttributes(pattern: string): Attributes {
  return { 'rpc.system': 'nats', 'rpc.method': pattern, 'messaging.system': 'nats', 'messaging.destination.name': pattern };
}

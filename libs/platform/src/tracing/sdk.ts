import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations, type InstrumentationBase } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { RedisInstrumentation } from '@opentelemetry/instrumentation-redis';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { setTracingActive } from './context.js';

/*
 * Loaded only when tracing is configured (tracing/index.ts imports it dynamically): the SDK, the
 * OTLP exporter and the instrumentations. Nothing of this is in memory on the default path.
 */

export interface StartTracingOptions {
  /** `service.name` unless OTEL_SERVICE_NAME says otherwise. */
  serviceName: string;
  /** Tests: spans go here, each as it ends (SimpleSpanProcessor), instead of by OTLP. */
  exporter?: SpanExporter;
  env?: NodeJS.ProcessEnv;
}

export interface Tracing {
  provider: NodeTracerProvider;
  /** Exports what is buffered. */
  flush(): Promise<void>;
  /** Exports what is buffered, unpatches, and leaves tracing off. */
  shutdown(): Promise<void>;
}

export async function startTracing(options: StartTracingOptions): Promise<Tracing> {
  const env = options.env ?? process.env;
  const processors: SpanProcessor[] = options.exporter
    ? [new SimpleSpanProcessor(options.exporter)]
    : [new BatchSpanProcessor(exporterFromEnv(env))];
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || options.serviceName }),
    spanProcessors: processors,
  });
  // The global provider, AsyncLocalStorage context and W3C trace-context propagator.
  provider.register();

  const http = new HttpInstrumentation({
    // Probes and scrapes are not requests anyone follows.
    ignoreIncomingRequestHook: (req) => /^\/(metrics|healthz|readyz|livez)\b/.test(req.url ?? ''),
    // The route's template, as Express matched it (`GET /api/properties/:id`), names the span: the
    // Express instrumentation that would say it cannot patch an ES module loaded before tracing.
    applyCustomAttributesOnSpan: (span, request) => {
      const matched = request as { route?: { path?: unknown }; baseUrl?: unknown; method?: string };
      const path = matched.route?.path;
      if (typeof path !== 'string') return;
      const route = `${typeof matched.baseUrl === 'string' ? matched.baseUrl : ''}${path}` || '/';
      span.setAttribute('http.route', route);
      span.updateName(`${matched.method ?? 'GET'} ${route}`);
    },
  });
  const pg = new PgInstrumentation({ requireParentSpan: true });
  const instrumentations: InstrumentationBase[] = [http, pg, new ExpressInstrumentation(), new NestInstrumentation(), new RedisInstrumentation({ requireParentSpan: true })];
  // Modules loaded by `require` from now on (and by `import` under the register hook, see docs).
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations });
  // ES modules imported before this point are not seen by the require hook: patch the ones every
  // app has already loaded by their shared prototypes (pg's Client and Pool, node:http's server).
  await patchLoaded(pg, 'pg', () => import('pg'));
  await patchLoaded(pg, 'pg-pool', () => import('pg-pool'));
  await patchLoaded(http, 'http', () => import('node:http'));
  setTracingActive(true);

  return {
    provider,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      setTracingActive(false);
      unregister();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

function exporterFromEnv(env: NodeJS.ProcessEnv): SpanExporter {
  // OTEL_TRACES_EXPORTER is a list; "console" prints spans (a developer's quick look), else OTLP
  // over HTTP/protobuf, configured by OTEL_EXPORTER_OTLP_* (endpoint, headers, timeout).
  const names = (env.OTEL_TRACES_EXPORTER ?? 'otlp').split(',').map((n) => n.trim().toLowerCase());
  return names.includes('console') && !names.includes('otlp') ? new ConsoleSpanExporter() : new OTLPTraceExporter();
}

async function patchLoaded(instrumentation: InstrumentationBase, name: string, load: () => Promise<unknown>): Promise<void> {
  let loaded: unknown;
  try {
    loaded = await load();
  } catch {
    return; // not installed in this app
  }
  const moduleExports = (loaded as { default?: unknown }).default ?? loaded;
  for (const definition of instrumentation.getModuleDefinitions()) {
    if (definition.name === name) definition.patch?.(moduleExports);
  }
}

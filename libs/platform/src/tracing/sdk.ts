import { register } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations, type InstrumentationBase } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
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
  /**
   * Registers OpenTelemetry's ES module loader hook (import-in-the-middle) for the modules the
   * instrumentations name, so that what the process imports from now on is patched as it loads.
   * Only for a process that has not loaded its app yet (`runWhenMain`, `@mboa/platform/launch`).
   */
  loaderHook?: boolean;
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
    // The route's template, as Express matched it (`GET /api/properties/:id`), names the span. The
    // Express instrumentation says it too, but only where Express loaded after tracing started
    // (an app launched by `runWhenMain`), not in an app started in-process by a test.
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
  // No Nest instrumentation: its releases (0.71 the newest) support Nest < 12 and would patch
  // nothing here while the loader hook still wrapped @nestjs/core for them; Express's `request
  // handler` span is the controller's. `redis` 6 is `@redis/client` 6, which the Redis
  // instrumentation supports (its v4-v5 part, `^6.0.0` too).
  // Express: the route's handler (where the controller runs) and routers, not each of the gateway's
  // middleware (about twenty per request: a span each made up most of the spans exported and of
  // the gateway's tracing CPU, docs/benchmarks.md#tracing-on-and-off). Their time is the gap between
  // the HTTP span's start and the handler's; what they ask of Redis still shows under the HTTP span.
  const express = new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] });
  const instrumentations: InstrumentationBase[] = [http, pg, express, new RedisInstrumentation({ requireParentSpan: true })];
  if (options.loaderHook) await registerLoaderHook(instrumentations);
  // Modules loaded by `require` from now on, and by `import` under the loader hook.
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations });
  // Without the loader hook (an app started in-process, as tests do) ES modules imported before
  // this point are not seen: patch the ones every app has loaded by their shared prototypes (pg's
  // Client and Pool, node:http's server), unless a hook did already.
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

/**
 * import-in-the-middle wraps only the modules named here (`include`): wrapping every module of
 * the app would cost more and has broken modules that it need not touch. The names are those the
 * instrumentations hook (`express`, `pg`, `@redis/client`, `http`...); files inside those packages
 * that are `require`d are the require hook's. Where Node runs loader hooks in the app's own thread
 * (`module.registerHooks`, Node 24.11.1+ and 22.22.3+: the images' Node 24) they run there;
 * elsewhere (Node 20) `module.register` runs them in a thread of their own, which costs that
 * thread's memory (docs/architecture.md#traces has the numbers).
 */
async function registerLoaderHook(instrumentations: InstrumentationBase[]): Promise<void> {
  const include = [...new Set(instrumentations.flatMap((i) => i.getModuleDefinitions().map((d) => d.name)))];
  const inThread = await import('import-in-the-middle/register-hooks.mjs');
  if (inThread.supportsSyncHooks()) inThread.register({ include });
  else register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include } });
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
    // `moduleExports` is set once a hook has patched the module: patching twice would double spans.
    if (definition.name === name && !definition.moduleExports) definition.patch?.(moduleExports);
  }
}

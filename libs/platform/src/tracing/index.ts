import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { tracingConfigured } from './config.js';
import type { Tracing } from './sdk.js';

export { tracingConfigured } from './config.js';
export { currentTraceparent, logTraceIds, tracingActive, withEventConsumerSpan, withRpcClientSpan } from './context.js';
export type { Tracing } from './sdk.js';

let started: Promise<Tracing> | undefined;

/**
 * Starts tracing for this process when the OTEL_* variables ask for it (or a test passes an
 * exporter), once; otherwise does nothing and loads nothing. A launched app has started it before
 * loading its modules (`runWhenMain` in `@mboa/platform/launch`, with the loader hook); the
 * gateway's main and `startMicroservice` call it again and get that same tracing.
 */
export function initTracing(
  serviceName: string,
  options: { exporter?: SpanExporter; env?: NodeJS.ProcessEnv; loaderHook?: boolean } = {},
): Promise<Tracing | undefined> {
  if (!options.exporter && !tracingConfigured(options.env)) return Promise.resolve(undefined);
  started ??= import('./sdk.js').then(({ startTracing }) => startTracing({ serviceName, ...options }));
  const current = started;
  return current.then((tracing) => ({
    ...tracing,
    shutdown: async () => {
      if (started === current) started = undefined;
      await tracing.shutdown();
    },
  }));
}

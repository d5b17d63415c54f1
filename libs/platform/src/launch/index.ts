import { pathToFileURL } from 'node:url';
import { initTracing, tracingConfigured } from '../tracing/index.js';

/*
 * What an app's main module imports before anything else (`@mboa/platform/launch`): nothing of
 * Nest, Express, Redis or the SDK, so that tracing, when configured, starts before they load. The
 * apps are ES modules; the instrumentations see an ES module only if it is imported after
 * OpenTelemetry's loader hook is registered, and a CommonJS module only if required after the SDK
 * started. A main module therefore imports its app dynamically, inside `start`.
 */

/**
 * Runs `start` when the calling module is the program (`node services/x/dist/main.js`, and so
 * `npm start`, the Docker images and the benches), not when a test imports it. When the OTEL_*
 * variables configure tracing it starts first, with the loader hook; otherwise nothing of
 * OpenTelemetry beyond the API is loaded and no hook is added. A configuration error is reported
 * like any other failure to start.
 */
export function runWhenMain(moduleUrl: string, name: string, start: () => Promise<unknown>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  Promise.resolve()
    .then(() => startTracingFirst(name))
    .then(start)
    .catch(async (error: unknown) => {
      const { logStartFailure } = await import('../logging/logger.js');
      logStartFailure(name, error);
      process.exit(1);
    });
}

/** Starts tracing with the loader hook when configured; the app's later `initTracing` gets it. */
export async function startTracingFirst(name: string): Promise<void> {
  if (!tracingConfigured()) return;
  await initTracing(name, { loaderHook: true });
}

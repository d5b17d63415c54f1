import { runWhenMain } from '@mboa/platform/launch';

// Nest, Express, Redis and the platform are imported here, as the gateway starts, not statically:
// runWhenMain has then started tracing (when OTEL_* variables configure it, docs/architecture.md#traces)
// and its loader hook, so that the instrumentations see them load.
async function main(): Promise<void> {
  const [{ Logger }, { initTracing }, { gatewayConfigFromEnv }, { createGateway }, { stopGateway, stopOnSignals }] = await Promise.all([
    import('@nestjs/common'),
    import('@mboa/platform'),
    import('./config.js'),
    import('./app.js'),
    import('./observability/graceful-shutdown.js'),
  ]);
  const config = gatewayConfigFromEnv();
  // The tracing runWhenMain started (undefined when off), to flush at the end.
  const tracing = await initTracing('gateway');
  const app = await createGateway(config);
  await app.listen(config.port);
  const logger = new Logger('gateway');
  logger.log(`gateway listening on http://localhost:${config.port}`);
  // SIGTERM (docker stop, npm start's Ctrl-C): stop taking requests, finish those in flight, then
  // close NATS, Redis and the database pool, and exit.
  const log = (msg: string) => logger.log(msg);
  // The spans still batched are sent before the process exits.
  stopOnSignals(() => stopGateway(app, { graceMs: config.runtime?.shutdownGraceMs, log }).finally(() => tracing?.flush().catch(() => undefined)), log);
}

runWhenMain(import.meta.url, 'gateway', main);

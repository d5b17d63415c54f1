import { Logger } from '@nestjs/common';
import { initTracing, logStartFailure } from '@mboa/platform';
import { gatewayConfigFromEnv } from './config.js';
import { createGateway } from './app.js';
import { stopGateway, stopOnSignals } from './observability/graceful-shutdown.js';

async function main(): Promise<void> {
  const config = gatewayConfigFromEnv();
  // Only when OTEL_* variables configure it (docs/architecture.md#traces); else nothing is loaded.
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

main().catch((error) => {
  logStartFailure('gateway', error);
  process.exit(1);
});

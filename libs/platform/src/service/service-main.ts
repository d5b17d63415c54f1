import type { INestMicroservice } from '@nestjs/common';
import type { LevelWithSilent } from 'pino';
import { logStartFailure } from '../logging/logger.js';
import { startMicroservice } from '../nats/microservice.js';

/** The part of every service's configuration that decides how it runs. */
export interface ServiceRunConfig {
  natsUrl: string;
  subjectPrefix: string;
  runtime?: { logLevel?: LevelWithSilent; shutdownGraceMs?: number; metricsPort?: number };
}

/** Starts a service's Nest module on NATS with its configured logging, shutdown grace and metrics. */
export function startService(
  name: string,
  module: unknown,
  config: ServiceRunConfig,
  options: { logger?: false } = {},
): Promise<INestMicroservice> {
  return startMicroservice(module, {
    name,
    natsUrl: config.natsUrl,
    subjectPrefix: config.subjectPrefix,
    logLevel: config.runtime?.logLevel,
    shutdownGraceMs: config.runtime?.shutdownGraceMs,
    metricsPort: config.runtime?.metricsPort,
    ...(options.logger === false ? { logger: false as const } : {}),
  });
}

/**
 * Runs `start` when the calling module is the program (`node services/x/dist/main.js`), not when
 * a test imports it. A configuration error is reported like any other failure to start.
 */
export function runWhenMain(moduleUrl: string, name: string, start: () => Promise<unknown>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  Promise.resolve()
    .then(start)
    .catch((error) => {
      logStartFailure(name, error);
      process.exit(1);
    });
}

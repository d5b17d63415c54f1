import type { INestMicroservice } from '@nestjs/common';
import type { LevelWithSilent } from 'pino';
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

// Also exported from `@mboa/platform/launch`, which an app's main module imports (it loads no Nest).
export { runWhenMain } from '../launch/index.js';

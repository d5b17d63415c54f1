import 'reflect-metadata';
import { logStartFailure, startMicroservice } from '@mboa/platform';
import { ListingsModule } from './listings.module.js';
import { listingsConfigFromEnv, type ListingsConfig } from './config.js';

export function startListingsService(config: ListingsConfig, options: { logger?: false } = {}) {
  return startMicroservice(ListingsModule.forRoot(config, { quiet: options.logger === false }), {
    name: 'listings',
    natsUrl: config.natsUrl,
    subjectPrefix: config.subjectPrefix,
    logLevel: config.runtime?.logLevel,
    shutdownGraceMs: config.runtime?.shutdownGraceMs,
    metricsPort: config.runtime?.metricsPort,
    ...(options.logger === false ? { logger: false as const } : {}),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Inside the promise: a configuration error is reported like any other failure to start.
  Promise.resolve()
    .then(() => startListingsService(listingsConfigFromEnv()))
    .catch((error) => {
    logStartFailure('listings', error);
    process.exit(1);
  });
}

import 'reflect-metadata';
import { logStartFailure, startMicroservice } from '@mboa/platform';
import { supportConfigFromEnv, type SupportConfig } from './config.js';
import { SupportModule } from './support.module.js';

export function startSupportService(config: SupportConfig, options: { logger?: false } = {}) {
  return startMicroservice(SupportModule.forRoot(config), {
    name: 'support',
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
    .then(() => startSupportService(supportConfigFromEnv()))
    .catch((error) => {
    logStartFailure('support', error);
    process.exit(1);
  });
}

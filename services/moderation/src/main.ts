import 'reflect-metadata';
import { logStartFailure, startMicroservice } from '@mboa/platform';
import { moderationConfigFromEnv, type ModerationConfig } from './config.js';
import { ModerationModule } from './moderation.module.js';

export function startModerationService(config: ModerationConfig, options: { logger?: false } = {}) {
  return startMicroservice(ModerationModule.forRoot(config), {
    name: 'moderation',
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
    .then(() => startModerationService(moderationConfigFromEnv()))
    .catch((error) => {
    logStartFailure('moderation', error);
    process.exit(1);
  });
}

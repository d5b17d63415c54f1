import 'reflect-metadata';
import { logStartFailure, startMicroservice } from '@mboa/platform';
import { mediaConfigFromEnv, type MediaConfig } from './config.js';
import { configureImageLibrary } from './images/image-processor.js';
import { MediaModule } from './media.module.js';

export function startMediaService(config: MediaConfig, options: { logger?: false } = {}) {
  configureImageLibrary();
  return startMicroservice(MediaModule.forRoot(config), {
    name: 'media',
    natsUrl: config.natsUrl,
    subjectPrefix: config.subjectPrefix,
    logLevel: config.runtime?.logLevel,
    shutdownGraceMs: config.runtime?.shutdownGraceMs,
    metricsPort: config.runtime?.metricsPort,
    ...(options.logger === false ? { logger: false as const } : {}),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  Promise.resolve()
    .then(() => startMediaService(mediaConfigFromEnv()))
    .catch((error) => {
      logStartFailure('media', error);
      process.exit(1);
    });
}

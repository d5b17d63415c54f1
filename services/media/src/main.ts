import 'reflect-metadata';
import { startMicroservice } from '@mboa/platform';
import { mediaConfigFromEnv, type MediaConfig } from './config.js';
import { configureImageLibrary } from './images/image-processor.js';
import { MediaModule } from './media.module.js';

export function startMediaService(config: MediaConfig, options: { logger?: false } = {}) {
  configureImageLibrary();
  return startMicroservice(MediaModule.forRoot(config), {
    name: 'media',
    natsUrl: config.natsUrl,
    subjectPrefix: config.subjectPrefix,
    ...(options.logger === false ? { logger: false as const } : {}),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  Promise.resolve()
    .then(() => startMediaService(mediaConfigFromEnv()))
    .catch((error) => {
      console.error(`media failed to start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}

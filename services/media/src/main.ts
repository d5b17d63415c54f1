import 'reflect-metadata';
import { runWhenMain, startService } from '@mboa/platform';
import { mediaConfigFromEnv, type MediaConfig } from './config.js';
import { configureImageLibrary } from './images/image-processor.js';
import { MediaModule } from './media.module.js';

export function startMediaService(config: MediaConfig, options: { logger?: false } = {}) {
  configureImageLibrary();
  return startService('media', MediaModule.forRoot(config), config, options);
}

runWhenMain(import.meta.url, 'media', () => startMediaService(mediaConfigFromEnv()));

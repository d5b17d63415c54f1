import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { runWhenMain } from '@mboa/platform/launch';
import type { MediaConfig } from './config.js';

// The platform, Nest and the service's module are imported as it starts, not above: launched as a
// program, tracing (when configured) starts first, so that its instrumentations see them load.
export async function startMediaService(config: MediaConfig, options: { logger?: false } = {}): Promise<INestMicroservice> {
  // One after the other: jest's module loader fails on two imports of one module at once.
  const { configureImageLibrary } = await import('./images/image-processor.js');
  const { startService } = await import('@mboa/platform');
  const { MediaModule } = await import('./media.module.js');
  configureImageLibrary();
  return startService('media', MediaModule.forRoot(config), config, options);
}

runWhenMain(import.meta.url, 'media', async () => startMediaService((await import('./config.js')).mediaConfigFromEnv()));

import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { runWhenMain } from '@mboa/platform/launch';
import type { ListingsConfig } from './config.js';

// The platform, Nest and the service's module are imported as it starts, not above: launched as a
// program, tracing (when configured) starts first, so that its instrumentations see them load.
export async function startListingsService(config: ListingsConfig, options: { logger?: false } = {}): Promise<INestMicroservice> {
  // One after the other: jest's module loader fails on two imports of one module at once.
  const { startService } = await import('@mboa/platform');
  const { ListingsModule } = await import('./listings.module.js');
  return startService('listings', ListingsModule.forRoot(config, { quiet: options.logger === false }), config, options);
}

runWhenMain(import.meta.url, 'listings', async () => startListingsService((await import('./config.js')).listingsConfigFromEnv()));

import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { runWhenMain } from '@mboa/platform/launch';
import type { SupportConfig } from './config.js';

// The platform, Nest and the service's module are imported as it starts, not above: launched as a
// program, tracing (when configured) starts first, so that its instrumentations see them load.
export async function startSupportService(config: SupportConfig, options: { logger?: false } = {}): Promise<INestMicroservice> {
  // One after the other: jest's module loader fails on two imports of one module at once.
  const { startService } = await import('@mboa/platform');
  const { SupportModule } = await import('./support.module.js');
  return startService('support', SupportModule.forRoot(config), config, options);
}

runWhenMain(import.meta.url, 'support', async () => startSupportService((await import('./config.js')).supportConfigFromEnv()));

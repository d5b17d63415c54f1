import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { runWhenMain } from '@mboa/platform/launch';
import type { AuthConfig } from './config.js';

// The platform, Nest and the service's module are imported as it starts, not above: launched as a
// program, tracing (when configured) starts first, so that its instrumentations see them load.
export async function startAuthService(config: AuthConfig, options: { logger?: false } = {}): Promise<INestMicroservice> {
  // One after the other: jest's module loader fails on two imports of one module at once.
  const { startService } = await import('@mboa/platform');
  const { AuthModule } = await import('./auth.module.js');
  return startService('auth', AuthModule.forRoot(config), config, options);
}

runWhenMain(import.meta.url, 'auth', async () => startAuthService((await import('./config.js')).authConfigFromEnv()));

import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { runWhenMain } from '@mboa/platform/launch';
import type { ModerationConfig } from './config.js';

// The platform, Nest and the service's module are imported as it starts, not above: launched as a
// program, tracing (when configured) starts first, so that its instrumentations see them load.
export async function startModerationService(config: ModerationConfig, options: { logger?: false } = {}): Promise<INestMicroservice> {
  // One after the other: jest's module loader fails on two imports of one module at once.
  const { startService } = await import('@mboa/platform');
  const { ModerationModule } = await import('./moderation.module.js');
  return startService('moderation', ModerationModule.forRoot(config), config, options);
}

runWhenMain(import.meta.url, 'moderation', async () => startModerationService((await import('./config.js')).moderationConfigFromEnv()));

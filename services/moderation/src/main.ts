import 'reflect-metadata';
import { runWhenMain, startService } from '@mboa/platform';
import { moderationConfigFromEnv, type ModerationConfig } from './config.js';
import { ModerationModule } from './moderation.module.js';

export function startModerationService(config: ModerationConfig, options: { logger?: false } = {}) {
  return startService('moderation', ModerationModule.forRoot(config), config, options);
}

runWhenMain(import.meta.url, 'moderation', () => startModerationService(moderationConfigFromEnv()));

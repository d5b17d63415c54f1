import 'reflect-metadata';
import { startMicroservice } from '@mboa/platform';
import { moderationConfigFromEnv, type ModerationConfig } from './config.js';
import { ModerationModule } from './moderation.module.js';

export function startModerationService(config: ModerationConfig, options: { logger?: false } = {}) {
  return startMicroservice(ModerationModule.forRoot(config), {
    name: 'moderation',
    natsUrl: config.natsUrl,
    subjectPrefix: config.subjectPrefix,
    ...(options.logger === false ? { logger: false as const } : {}),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startModerationService(moderationConfigFromEnv()).catch((error) => {
    console.error(`moderation failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

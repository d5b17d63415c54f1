import 'reflect-metadata';
import { startMicroservice } from '@mboa/platform';
import { supportConfigFromEnv, type SupportConfig } from './config.js';
import { SupportModule } from './support.module.js';

export function startSupportService(config: SupportConfig, options: { logger?: false } = {}) {
  return startMicroservice(SupportModule.forRoot(config), {
    name: 'support',
    natsUrl: config.natsUrl,
    subjectPrefix: config.subjectPrefix,
    ...(options.logger === false ? { logger: false as const } : {}),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startSupportService(supportConfigFromEnv()).catch((error) => {
    console.error(`support failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

import 'reflect-metadata';
import { runWhenMain, startService } from '@mboa/platform';
import { supportConfigFromEnv, type SupportConfig } from './config.js';
import { SupportModule } from './support.module.js';

export function startSupportService(config: SupportConfig, options: { logger?: false } = {}) {
  return startService('support', SupportModule.forRoot(config), config, options);
}

runWhenMain(import.meta.url, 'support', () => startSupportService(supportConfigFromEnv()));

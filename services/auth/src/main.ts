import 'reflect-metadata';
import { runWhenMain, startService } from '@mboa/platform';
import { authConfigFromEnv, type AuthConfig } from './config.js';
import { AuthModule } from './auth.module.js';

export function startAuthService(config: AuthConfig, options: { logger?: false } = {}) {
  return startService('auth', AuthModule.forRoot(config), config, options);
}

runWhenMain(import.meta.url, 'auth', () => startAuthService(authConfigFromEnv()));

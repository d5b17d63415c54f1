import 'reflect-metadata';
import { startMicroservice } from '@mboa/platform';
import { AuthModule } from './auth.module.js';
import { authConfigFromEnv, type AuthConfig } from './config.js';

export function startAuthService(config: AuthConfig, options: { logger?: false } = {}) {
  return startMicroservice(AuthModule.forRoot(config), {
    name: 'auth',
    natsUrl: config.natsUrl,
    subjectPrefix: config.subjectPrefix,
    ...(options.logger === false ? { logger: false as const } : {}),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startAuthService(authConfigFromEnv()).catch((error) => {
    console.error(`auth failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

import 'reflect-metadata';
import { logStartFailure, startMicroservice } from '@mboa/platform';
import { AuthModule } from './auth.module.js';
import { authConfigFromEnv, type AuthConfig } from './config.js';

export function startAuthService(config: AuthConfig, options: { logger?: false } = {}) {
  return startMicroservice(AuthModule.forRoot(config), {
    name: 'auth',
    natsUrl: config.natsUrl,
    subjectPrefix: config.subjectPrefix,
    logLevel: config.runtime?.logLevel,
    shutdownGraceMs: config.runtime?.shutdownGraceMs,
    metricsPort: config.runtime?.metricsPort,
    ...(options.logger === false ? { logger: false as const } : {}),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Inside the promise: a configuration error is reported like any other failure to start.
  Promise.resolve()
    .then(() => startAuthService(authConfigFromEnv()))
    .catch((error) => {
    logStartFailure('auth', error);
    process.exit(1);
  });
}

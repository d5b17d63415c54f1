import { loadServiceEnv, type DatabaseServiceConfig } from '@mboa/platform';

/** Support needs nothing beyond what every service with a database has. */
export type SupportConfig = DatabaseServiceConfig;

export function supportConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SupportConfig {
  return loadServiceEnv('support', env).common;
}

export const SUPPORT_CONFIG = Symbol('SUPPORT_CONFIG');

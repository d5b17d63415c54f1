import { createMailer, loadServiceEnv, type DatabaseServiceConfig, type MailPort } from '@mboa/platform';

export interface AuthConfig extends DatabaseServiceConfig {
  redisUrl: string;
  /** Prefix of every Redis key this service writes, so several systems can share one Redis. */
  redisPrefix: string;
  mailer: MailPort;
  /** The first admin, created at start when no user has its e-mail. */
  admin?: { email: string; password: string; name: string; whatsapp: string };
}

export function authConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const { env: e, common } = loadServiceEnv('auth', env);
  return {
    ...common,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    mailer: createMailer({ smtpUrl: e.SMTP_URL, mailDir: e.MAIL_DIR, from: e.MAIL_FROM }),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME, whatsapp: e.ADMIN_WHATSAPP }
        : undefined,
  };
}

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

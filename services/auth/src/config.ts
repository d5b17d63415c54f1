import { createMailer, loadAppEnv, runtimeConfig, type MailPort, type RuntimeConfig } from '@mboa/platform';

export interface AuthConfig {
  databaseUrl: string;
  /** PostgreSQL schema holding this service's tables. */
  dbSchema: string;
  redisUrl: string;
  /** Prefix of every Redis key this service writes, so several systems can share one Redis. */
  redisPrefix: string;
  natsUrl: string;
  subjectPrefix: string;
  streamName: string;
  mailer: MailPort;
  /** Whether to run the outbox relay in this process. */
  relay: boolean;
  /** The first admin, created at start when no user has its e-mail. */
  admin?: { email: string; password: string; name: string; whatsapp: string };
  /** Logging, stopping and metrics of the process; defaults when absent (tests). */
  runtime?: RuntimeConfig;
}

export function authConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const e = loadAppEnv('auth', env);
  return {
    databaseUrl: e.AUTH_DATABASE_URL ?? e.DATABASE_URL,
    dbSchema: 'auth',
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    natsUrl: e.NATS_URL,
    subjectPrefix: e.NATS_SUBJECT_PREFIX,
    streamName: e.EVENTS_STREAM,
    mailer: createMailer({ smtpUrl: e.SMTP_URL, mailDir: e.MAIL_DIR, from: e.MAIL_FROM }),
    relay: e.OUTBOX_RELAY,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME, whatsapp: e.ADMIN_WHATSAPP }
        : undefined,
    runtime: runtimeConfig(e),
  };
}

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

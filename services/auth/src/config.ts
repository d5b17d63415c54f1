import { createMailerFromEnv, subjectPrefixFromEnv, type MailPort } from '@mboa/platform';

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
}

export function authConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  return {
    databaseUrl: env.AUTH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mboa',
    dbSchema: 'auth',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX ?? 'mboa:',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: subjectPrefixFromEnv(env),
    streamName: env.EVENTS_STREAM ?? 'EVENTS',
    mailer: createMailerFromEnv(env),
    relay: env.OUTBOX_RELAY !== 'off',
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? {
            email: env.ADMIN_EMAIL,
            password: env.ADMIN_PASSWORD,
            name: env.ADMIN_NAME || 'Administrator',
            whatsapp: env.ADMIN_WHATSAPP || '600000000',
          }
        : undefined,
  };
}

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

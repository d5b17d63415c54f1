import { createMailerFromEnv, subjectPrefixFromEnv, type MailPort } from '@mboa/platform';

export interface ModerationConfig {
  databaseUrl: string;
  dbSchema: string;
  natsUrl: string;
  subjectPrefix: string;
  streamName: string;
  mailer: MailPort;
  relay: boolean;
  /** Public address of the site, for links in e-mails. */
  publicOrigin: string;
}

export function moderationConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ModerationConfig {
  return {
    databaseUrl: env.MODERATION_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mboa',
    dbSchema: 'moderation',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    subjectPrefix: subjectPrefixFromEnv(env),
    streamName: env.EVENTS_STREAM ?? 'EVENTS',
    mailer: createMailerFromEnv(env),
    relay: env.OUTBOX_RELAY !== 'off',
    publicOrigin: (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT ?? 3000}`).split(',')[0]!.trim().replace(/\/$/, ''),
  };
}

export const MODERATION_CONFIG = Symbol('MODERATION_CONFIG');

import { createMailer, loadAppEnv, runtimeConfig, type MailPort, type RuntimeConfig } from '@mboa/platform';

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
  /** Logging, stopping and metrics of the process; defaults when absent (tests). */
  runtime?: RuntimeConfig;
}

export function moderationConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ModerationConfig {
  const e = loadAppEnv('moderation', env);
  return {
    databaseUrl: e.MODERATION_DATABASE_URL ?? e.DATABASE_URL,
    dbSchema: 'moderation',
    natsUrl: e.NATS_URL,
    subjectPrefix: e.NATS_SUBJECT_PREFIX,
    streamName: e.EVENTS_STREAM,
    mailer: createMailer({ smtpUrl: e.SMTP_URL, mailDir: e.MAIL_DIR, from: e.MAIL_FROM }),
    relay: e.OUTBOX_RELAY,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).split(',')[0]!.trim().replace(/\/$/, ''),
    runtime: runtimeConfig(e),
  };
}

export const MODERATION_CONFIG = Symbol('MODERATION_CONFIG');

import { createMailer, loadServiceEnv, type DatabaseServiceConfig, type MailPort } from '@mboa/platform';

export interface ModerationConfig extends DatabaseServiceConfig {
  mailer: MailPort;
  /** Public address of the site, for links in e-mails. */
  publicOrigin: string;
  /** Identity and control documents: how often photos past their keeping time are deleted (default hourly). */
  verification?: { sweepMs?: number };
}

export function moderationConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ModerationConfig {
  const { env: e, common } = loadServiceEnv('moderation', env);
  return {
    ...common,
    mailer: createMailer({ smtpUrl: e.SMTP_URL, mailDir: e.MAIL_DIR, from: e.MAIL_FROM }),
    verification: { sweepMs: e.VERIFICATION_SWEEP_MS },
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).split(',')[0].trim().replace(/\/$/, ''),
  };
}

export const MODERATION_CONFIG = Symbol('MODERATION_CONFIG');

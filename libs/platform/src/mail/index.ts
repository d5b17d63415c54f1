import { FileMailer } from './file-mailer.js';
import type { MailPort } from './mail-port.js';
import { SmtpMailer } from './smtp-mailer.js';

export * from './mail-port.js';
export { FileMailer, mailFileName, type FileMailerOptions } from './file-mailer.js';
export { SmtpMailer, type SmtpMailerOptions } from './smtp-mailer.js';

export const DEFAULT_MAIL_DIR = '.data/mail';
export const DEFAULT_MAIL_FROM = 'Mboa Rentals <no-reply@mboa-rentals.local>';

export interface MailerConfig {
  /** When set, mail goes through this SMTP server. */
  smtpUrl?: string;
  /** Otherwise `.eml` files are written here (default `.data/mail`, relative to the cwd). */
  mailDir?: string;
  from: string;
}

/** SMTP when a URL is given, `.eml` files otherwise. */
export function createMailer(config: MailerConfig): MailPort {
  const smtpUrl = config.smtpUrl?.trim();
  if (smtpUrl) return new SmtpMailer({ smtpUrl, from: config.from });
  return new FileMailer({ mailDir: config.mailDir?.trim() || DEFAULT_MAIL_DIR, from: config.from });
}

/** The mailer configured by `SMTP_URL`, `MAIL_DIR` and `MAIL_FROM`. */
export function createMailerFromEnv(env: NodeJS.ProcessEnv = process.env): MailPort {
  return createMailer({
    smtpUrl: env.SMTP_URL,
    mailDir: env.MAIL_DIR,
    from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
  });
}

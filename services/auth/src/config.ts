import { createMailer, createWhatsApp, FileWhatsApp, loadServiceEnv, type DatabaseServiceConfig, type MailPort, type WhatsAppPort } from '@mboa/platform';

export interface AuthConfig extends DatabaseServiceConfig {
  redisUrl: string;
  /** Prefix of every Redis key this service writes, so several systems can share one Redis. */
  redisPrefix: string;
  mailer: MailPort;
  /**
   * Where the codes that prove a WhatsApp number go (docs/api.md#proving-a-whatsapp-number): the
   * Cloud API when configured, else files in `.data/whatsapp` (FileWhatsApp); absent: that folder.
   */
  whatsapp?: WhatsAppPort;
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
    whatsapp:
      createWhatsApp({ apiUrl: e.WHATSAPP_API_URL, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID, accessToken: e.WHATSAPP_ACCESS_TOKEN, template: e.WHATSAPP_CODE_TEMPLATE }) ??
      new FileWhatsApp(e.WHATSAPP_DIR),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME, whatsapp: e.ADMIN_WHATSAPP }
        : undefined,
  };
}

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

import { createMailer, loadServiceEnv, type DatabaseServiceConfig, type MailPort } from '@mboa/platform';

export interface ListingsConfig extends DatabaseServiceConfig {
  /** Whether to run the event consumers (owners projection, reviews, search indexer) in this process. */
  consumers: boolean;
  /** Search backend: Meilisearch when `meiliUrl` is set, else PostgreSQL. */
  search: { meiliUrl?: string; meiliApiKey?: string; meiliIndex?: string };
  /** How long an admin's post on behalf waits for a just-registered owner to reach the projection. */
  ownerWaitMs: number;
  /**
   * Fresh listings (src/freshness): how often the process that runs the consumers sweeps (takes
   * listings unconfirmed for 45 days out of search, mails reminders; default 60 s), and the mailer
   * and the site's public address for the reminder e-mails (without a mailer, no reminders).
   */
  freshness?: { sweepMs?: number; mailer?: MailPort; publicOrigin?: string };
}

export function listingsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ListingsConfig {
  const { env: e, common } = loadServiceEnv('listings', env);
  return {
    ...common,
    consumers: e.LISTINGS_CONSUMERS,
    search: {
      meiliUrl: e.MEILI_URL,
      meiliApiKey: e.MEILI_API_KEY ?? e.MEILI_MASTER_KEY,
      meiliIndex: e.MEILI_INDEX,
    },
    ownerWaitMs: e.OWNER_WAIT_MS,
    freshness: {
      sweepMs: e.FRESHNESS_SWEEP_MS,
      mailer: createMailer({ smtpUrl: e.SMTP_URL, mailDir: e.MAIL_DIR, from: e.MAIL_FROM }),
      publicOrigin: (e.PUBLIC_ORIGIN ?? 'http://localhost:3000').split(',')[0].trim().replace(/\/$/, ''),
    },
  };
}

export const LISTINGS_CONFIG = Symbol('LISTINGS_CONFIG');

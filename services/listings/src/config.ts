import { readFileSync } from 'node:fs';
import { createMailer, createWhatsApp, loadServiceEnv, type DatabaseServiceConfig, type MailPort, type WhatsAppPort } from '@mboa/platform';

export interface ListingsConfig extends DatabaseServiceConfig {
  /** Whether to run the event consumers (owners projection, reviews, search indexer) in this process. */
  consumers: boolean;
  /**
   * Search backend: Meilisearch when `meiliUrl` is set, else PostgreSQL. With `meiliSearchKey` and
   * `meiliIndexerKey` queries and index writes use separate least-privilege keys; otherwise
   * `meiliApiKey` serves both (development).
   */
  search: {
    meiliUrl?: string;
    meiliApiKey?: string;
    meiliSearchKey?: string;
    meiliIndexerKey?: string;
    meiliIndex?: string;
    /** SEARCH_MEMORY (default on): without Meilisearch, answer searches from this replica's memory. */
    memory?: boolean;
  };
  /** How long an admin's post on behalf waits for a just-registered owner to reach the projection. */
  ownerWaitMs: number;
  /**
   * Fresh listings (src/freshness): how often the process that runs the consumers sweeps (takes
   * listings unconfirmed for 45 days out of search, mails reminders; default 60 s), and the mailer
   * and the site's public address for the reminder e-mails (without a mailer, no reminders).
   */
  freshness?: { sweepMs?: number; mailer?: MailPort; publicOrigin?: string };
  /**
   * Saved-search alerts (src/saved-searches): how often pending alerts and due digests are sent
   * (default 30 s; a match also sends at once), and WhatsApp when the operator configured the
   * Cloud API. They mail through `freshness.mailer` to `freshness.publicOrigin` links.
   */
  savedSearches?: { sweepMs?: number; whatsapp?: WhatsAppPort };
}

export function listingsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ListingsConfig {
  const { env: e, common } = loadServiceEnv('listings', env);
  return {
    ...common,
    consumers: e.LISTINGS_CONSUMERS,
    search: {
      meiliUrl: e.MEILI_URL,
      meiliApiKey: e.MEILI_API_KEY ?? e.MEILI_MASTER_KEY,
      meiliSearchKey: e.MEILI_SEARCH_KEY ?? keyFromFile('MEILI_SEARCH_KEY_FILE', e.MEILI_SEARCH_KEY_FILE),
      meiliIndexerKey: e.MEILI_INDEXER_KEY ?? keyFromFile('MEILI_INDEXER_KEY_FILE', e.MEILI_INDEXER_KEY_FILE),
      meiliIndex: e.MEILI_INDEX,
      memory: e.SEARCH_MEMORY,
    },
    ownerWaitMs: e.OWNER_WAIT_MS,
    freshness: {
      sweepMs: e.FRESHNESS_SWEEP_MS,
      mailer: createMailer({ smtpUrl: e.SMTP_URL, mailDir: e.MAIL_DIR, from: e.MAIL_FROM }),
      publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).split(',')[0].trim().replace(/\/$/, ''),
    },
    savedSearches: {
      sweepMs: e.SAVED_SEARCH_SWEEP_MS,
      whatsapp: createWhatsApp({
        apiUrl: e.WHATSAPP_API_URL,
        phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
        accessToken: e.WHATSAPP_ACCESS_TOKEN,
        template: e.WHATSAPP_TEMPLATE,
      }),
    },
  };
}

/**
 * A key kept in a file (the compose stack's `search-keys` one-shot writes them); a missing or empty
 * file stops the start with a line naming the variable, never a search that fails later.
 */
function keyFromFile(variable: string, file: string | undefined): string | undefined {
  if (!file) return undefined;
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch (e) {
    throw new Error(`Invalid configuration: ${variable} names a file that cannot be read (${(e as Error).message}); did the search-keys one-shot run?`);
  }
  if (!key) throw new Error(`Invalid configuration: ${variable} names an empty file (${file})`);
  return key;
}

export const LISTINGS_CONFIG = Symbol('LISTINGS_CONFIG');

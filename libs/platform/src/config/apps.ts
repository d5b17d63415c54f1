import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { MAP_TILES_DEFAULT, SERVICE_NAMES } from '@mboa/contracts';
import { DEFAULT_MAIL_DIR, DEFAULT_MAIL_FROM } from '../mail/index.js';
import { DEFAULT_S3_BUCKET, DEFAULT_S3_DOCUMENTS_BUCKET } from '../storage/create-object-store.js';
import { envVar, LOG_LEVELS, parseEnv, type LogLevel } from './env.js';

/**
 * Every environment variable each app reads, in one schema per app. The apps' `*ConfigFromEnv`
 * functions parse through these, and the docker-compose test compares the stack with them.
 */

const LOCAL_DATABASE = 'postgres://postgres@127.0.0.1:5432/mboa';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const LOCAL_NATS = 'nats://127.0.0.1:4222';

const process_ = {
  LOG_LEVEL: envVar.oneOf(LOG_LEVELS, 'info'),
  /** How long a stopping app waits for the work in flight before it exits anyway. */
  SHUTDOWN_GRACE_MS: envVar.integer(20_000, 0),
  /**
   * Where traces go (OTLP over HTTP); empty means tracing is off. Read by the tracing start-up itself
   * (tracing/config.ts, with the other standard OTEL_* variables); declared here for what compose sets.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: envVar.text(''),
};

const nats = {
  NATS_URL: envVar.urls('nats', LOCAL_NATS),
  NATS_SUBJECT_PREFIX: envVar.text(''),
  EVENTS_STREAM: envVar.text('EVENTS'),
};

/**
 * How the event stream is kept, applied by every app that creates it (the services: their relays
 * and consumers), so all must get the same values. See infra/README.md ("Past one machine").
 */
const eventStream = {
  /** Copies of every event across a NATS cluster: 1 on one server, 3 on a three-node cluster. */
  EVENT_STREAM_REPLICAS: envVar.integerBetween(1, 1, 5),
  /** Events older than this are dropped (30d, 12h); absent: kept, so new projections can replay all history. */
  EVENT_STREAM_MAX_AGE: envVar.optionalDuration(60 * 60_000, '1h (the de-duplication window and a relay restart must fit)'),
  /** The stream's size cap (500MB, 20GB), the oldest events dropped first; absent: no cap. */
  EVENT_STREAM_MAX_BYTES: envVar.optionalSize(1024 ** 2, '1MB'),
};

const service = {
  ...process_,
  ...nats,
  ...eventStream,
  /** Serves this service's own Prometheus metrics on this port when set (never published). */
  METRICS_PORT: envVar.optionalPort(),
};

const database = {
  DATABASE_URL: envVar.url('postgres', LOCAL_DATABASE),
  /** Connections each replica keeps to PostgreSQL; replicas × pool must stay under the server's max_connections. */
  DATABASE_POOL_SIZE: envVar.integerBetween(10, 1, 200),
};
// `<SERVICE>_DATABASE_URL` overrides DATABASE_URL for that service alone (its own database or user).
const ownDatabase = () => envVar.optionalUrl('postgres');

const relay = { OUTBOX_RELAY: envVar.switch() };

const redis = { REDIS_URL: envVar.url('redis', LOCAL_REDIS), REDIS_PREFIX: envVar.text('mboa:') };

const mail = {
  SMTP_URL: envVar.optionalUrl('smtp'),
  MAIL_DIR: envVar.text(DEFAULT_MAIL_DIR),
  MAIL_FROM: envVar.text(DEFAULT_MAIL_FROM),
};

const objectStore = {
  S3_ENDPOINT: envVar.optionalUrl('http'),
  S3_ACCESS_KEY: envVar.optionalText(),
  S3_SECRET_KEY: envVar.optionalText(),
  S3_BUCKET: envVar.text(DEFAULT_S3_BUCKET),
  S3_REGION: envVar.optionalText(),
  MEDIA_DIR: envVar.optionalText(),
};

/** Identity and control documents: their own bucket or folder (createDocumentStore), on the same server. */
const documentStore = {
  S3_DOCUMENTS_BUCKET: envVar.text(DEFAULT_S3_DOCUMENTS_BUCKET),
  DOCUMENTS_DIR: envVar.optionalText(),
};

type Issue = { path: string; message: string };
type Rule = (e: Record<string, unknown>) => Issue[];

const s3Keys: Rule = (e) =>
  e.S3_ENDPOINT
    ? (['S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const).filter((k) => !e[k]).map((path) => ({ path, message: 'is required when S3_ENDPOINT is set' }))
    : [];

/** The search and indexer keys come together (value or file, not both), or not at all. */
const meiliKeyPair: Rule = (e) => {
  const issues: Issue[] = [];
  for (const role of ['SEARCH', 'INDEXER'] as const) {
    if (e[`MEILI_${role}_KEY`] && e[`MEILI_${role}_KEY_FILE`]) issues.push({ path: `MEILI_${role}_KEY_FILE`, message: `cannot be set with MEILI_${role}_KEY` });
  }
  const search = Boolean(e.MEILI_SEARCH_KEY || e.MEILI_SEARCH_KEY_FILE);
  const indexer = Boolean(e.MEILI_INDEXER_KEY || e.MEILI_INDEXER_KEY_FILE);
  if (search && !indexer) issues.push({ path: 'MEILI_INDEXER_KEY', message: 'is required with the search key (or MEILI_INDEXER_KEY_FILE)' });
  if (indexer && !search) issues.push({ path: 'MEILI_SEARCH_KEY', message: 'is required with the indexer key (or MEILI_SEARCH_KEY_FILE)' });
  return issues;
};

/** WhatsApp alerts need both the phone number id and the token; with neither, WhatsApp is off. */
const whatsappPair: Rule = (e) => {
  if (e.WHATSAPP_PHONE_NUMBER_ID && !e.WHATSAPP_ACCESS_TOKEN) return [{ path: 'WHATSAPP_ACCESS_TOKEN', message: 'is required when WHATSAPP_PHONE_NUMBER_ID is set' }];
  if (e.WHATSAPP_ACCESS_TOKEN && !e.WHATSAPP_PHONE_NUMBER_ID) return [{ path: 'WHATSAPP_PHONE_NUMBER_ID', message: 'is required when WHATSAPP_ACCESS_TOKEN is set' }];
  return [];
};

const adminPair: Rule = (e) => {
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) return [{ path: 'ADMIN_PASSWORD', message: 'is required when ADMIN_EMAIL is set' }];
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) return [{ path: 'ADMIN_EMAIL', message: 'is required when ADMIN_PASSWORD is set' }];
  return [];
};

function schema<T extends z.ZodRawShape>(shape: T, ...rules: Rule[]) {
  return z.object(shape).superRefine((value, ctx) => {
    for (const rule of rules) {
      for (const issue of rule(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
}

const serviceList = envVar.list('auth', SERVICE_NAMES, 'must list services among');

export const APP_ENV = {
  gateway: {
    schema: schema(
      {
        ...process_,
        ...nats,
        PORT: envVar.port(3000),
        PUBLIC_ORIGIN: envVar.optionalText(),
        SERVICES: serviceList,
        /** Absent: Secure (and `__Host-`) exactly when PUBLIC_ORIGIN is https (gateway config). */
        COOKIE_SECURE: envVar.optionalFlag(),
        DATABASE_URL: envVar.url('postgres', LOCAL_DATABASE),
        ...redis,
        ...objectStore,
        ...documentStore,
        WEB_DIST: envVar.optionalText(),
        ADMIN_WEB_DIST: envVar.optionalText(),
        RPC_TIMEOUT_MS: envVar.integer(10_000, 1),
        RATE_LIMIT_SCALE: envVar.number(1),
        /** Serves the gateway's Prometheus metrics on this port when set (never published; not on PORT). */
        METRICS_PORT: envVar.optionalPort(),
        TRUST_PROXY: envVar.trustProxy(),
        /** Signs device cookies; absent, a random secret is kept in Redis and shared by replicas. */
        DEVICE_COOKIE_SECRET: envVar.optionalSecret(32),
        /** The maps' raster tiles, handed to the web apps: `{z}/{x}/{y}` placeholders (infra/README.md#map-tiles). */
        MAP_TILE_URL: envVar.text(MAP_TILES_DEFAULT.url),
        /** The credit every map shows for those tiles. */
        MAP_TILE_ATTRIBUTION: envVar.text(MAP_TILES_DEFAULT.attribution),
      },
      s3Keys,
    ),
    stackRequired: ['DATABASE_URL', 'REDIS_URL', 'NATS_URL', 'PUBLIC_ORIGIN', 'SERVICES', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET'],
  },
  auth: {
    schema: schema(
      {
        ...service,
        ...database,
      AUTH_DATABASE_URL: ownDatabase(),
        ...redis,
        ...mail,
        ...relay,
        ADMIN_EMAIL: envVar.optionalText(),
        ADMIN_PASSWORD: envVar.optionalText(),
        ADMIN_NAME: envVar.text('Administrator'),
        ADMIN_WHATSAPP: envVar.text('600000000'),
        // Codes that prove a WhatsApp number go through the Business Cloud API (the same settings
        // as listings' saved-search alerts) with an approved authentication template; without
        // the id and token they are written to WHATSAPP_DIR instead, as mail is without SMTP_URL.
        WHATSAPP_API_URL: envVar.url('http', 'https://graph.facebook.com/v21.0'),
        WHATSAPP_PHONE_NUMBER_ID: envVar.optionalText(),
        WHATSAPP_ACCESS_TOKEN: envVar.optionalText(),
        /** The approved authentication template (body parameter and copy-code button: the code). */
        WHATSAPP_CODE_TEMPLATE: envVar.text('mboa_code'),
        WHATSAPP_DIR: envVar.optionalText(),
      },
      adminPair,
      whatsappPair,
    ),
    stackRequired: ['DATABASE_URL', 'REDIS_URL', 'NATS_URL', 'SMTP_URL'],
  },
  listings: {
    schema: schema({
      ...service,
      ...database,
      LISTINGS_DATABASE_URL: ownDatabase(),
      ...relay,
      LISTINGS_CONSUMERS: envVar.switch(),
      /**
       * Without Meilisearch, searches are answered from a copy of the search documents each replica
       * keeps in memory (services/listings/src/search/replicated-search-index.ts); `off` answers them
       * from PostgreSQL's full-text index instead, as before (the bench's comparison).
       */
      SEARCH_MEMORY: envVar.switch(),
      MEILI_URL: envVar.optionalUrl('http'),
      /** One key for everything (development): searches and index writes alike. */
      MEILI_API_KEY: envVar.optionalText(),
      /** Accepted instead of MEILI_API_KEY (Meilisearch's own name for the key); never in a deployment. */
      MEILI_MASTER_KEY: envVar.optionalText(),
      /**
       * Least privilege (the compose stack): a search-only key for queries and an index-scoped key
       * for the indexer, given as values or as files holding them (written by
       * infra/scripts/meili-keys.mjs from the master key, which listings then never holds).
       */
      MEILI_SEARCH_KEY: envVar.optionalText(),
      MEILI_SEARCH_KEY_FILE: envVar.optionalText(),
      MEILI_INDEXER_KEY: envVar.optionalText(),
      MEILI_INDEXER_KEY_FILE: envVar.optionalText(),
      MEILI_INDEX: envVar.optionalText(),
      OWNER_WAIT_MS: envVar.integer(3000, 0),
      // Fresh listings: listings mails the availability reminders with their one-time links.
      ...mail,
      PUBLIC_ORIGIN: envVar.optionalText(),
      /** Only for the default PUBLIC_ORIGIN (http://localhost:$PORT), as on one machine. */
      PORT: envVar.port(3000),
      FRESHNESS_SWEEP_MS: envVar.integer(60_000, 100),
      // Saved-search alerts: how often pending alerts and due digests are sent (they also leave at
      // once after a match), and WhatsApp through the Business Cloud API when both id and token are set.
      SAVED_SEARCH_SWEEP_MS: envVar.integer(30_000, 100),
      WHATSAPP_API_URL: envVar.url('http', 'https://graph.facebook.com/v21.0'),
      WHATSAPP_PHONE_NUMBER_ID: envVar.optionalText(),
      WHATSAPP_ACCESS_TOKEN: envVar.optionalText(),
      /** An approved message template (body parameters: search name, listing title, link); absent: free text. */
      WHATSAPP_TEMPLATE: envVar.optionalText(),
    }, meiliKeyPair, whatsappPair),
    stackRequired: ['DATABASE_URL', 'NATS_URL', 'MEILI_URL', 'MEILI_SEARCH_KEY_FILE', 'MEILI_INDEXER_KEY_FILE', 'SMTP_URL', 'PUBLIC_ORIGIN'],
  },
  media: {
    schema: schema(
      {
        ...service,
        ...objectStore,
        ...documentStore,
        MEDIA_CONCURRENCY: envVar.integer(availableParallelism(), 1),
        MEDIA_EVENTS: envVar.switch(),
      },
      s3Keys,
    ),
    stackRequired: ['NATS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET'],
  },
  moderation: {
    schema: schema({
      ...service,
      ...database,
      MODERATION_DATABASE_URL: ownDatabase(),
      ...mail,
      ...relay,
      PUBLIC_ORIGIN: envVar.optionalText(),
      /** Only for the default PUBLIC_ORIGIN (http://localhost:$PORT), as on one machine. */
      PORT: envVar.port(3000),
      /** How often documents past their keeping time (LIMITS.verification) are deleted (through media). */
      VERIFICATION_SWEEP_MS: envVar.integer(3_600_000, 100),
    }),
    stackRequired: ['DATABASE_URL', 'NATS_URL', 'SMTP_URL', 'PUBLIC_ORIGIN'],
  },
  support: {
    schema: schema({ ...service, ...database, SUPPORT_DATABASE_URL: ownDatabase(), ...relay }),
    stackRequired: ['DATABASE_URL', 'NATS_URL'],
  },
} as const;

export type AppName = keyof typeof APP_ENV;
export type AppEnv<A extends AppName> = z.output<(typeof APP_ENV)[A]['schema']>;

/** The environment variables `app` reads. */
export function appEnvVariables(app: AppName): string[] {
  return Object.keys(APP_ENV[app].schema.shape);
}

/** Reads and checks `app`'s environment; throws a ConfigError naming what is missing or wrong. */
export function loadAppEnv<A extends AppName>(app: A, input: NodeJS.ProcessEnv = process.env): AppEnv<A> {
  return parseEnv(APP_ENV[app].schema, input) as AppEnv<A>;
}

/** How an app process runs (logging, stopping, metrics), the same for every app. */
export interface RuntimeConfig {
  logLevel: LogLevel;
  shutdownGraceMs: number;
  metricsPort?: number;
}

export function runtimeConfig(e: { LOG_LEVEL: RuntimeConfig['logLevel']; SHUTDOWN_GRACE_MS: number; METRICS_PORT?: number }): RuntimeConfig {
  return { logLevel: e.LOG_LEVEL, shutdownGraceMs: e.SHUTDOWN_GRACE_MS, ...(e.METRICS_PORT ? { metricsPort: e.METRICS_PORT } : {}) };
}

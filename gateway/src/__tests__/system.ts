import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createObjectStore, createWhatsApp, FileMailer, FileWhatsApp, LocalFileStore, uniqueTestPrefix, type MailPort } from '@mboa/platform';
import { createTestDatabase, type TestDatabase, deleteTestStream } from '@mboa/platform/testing';
import { startAuthService } from '../../../services/auth/src/main.js';
import { startListingsService } from '../../../services/listings/src/main.js';
import { startSupportService } from '../../../services/support/src/main.js';
import { startModerationService } from '../../../services/moderation/src/main.js';
import { startMediaService } from '../../../services/media/src/main.js';
import { createGateway } from '../app.js';
import { gatewayConfigFromEnv, type GatewayConfig } from '../config.js';
import type { ServiceName } from '@mboa/contracts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
function hasPrismaSchema(service: string): boolean {
  return existsSync(path.join(repoRoot, 'services', service, 'prisma/schema.prisma'));
}

/** What every service starter gets: its own slice of the shared local servers. */
export interface ServiceContext {
  db: { url: string; urlFor(service: string): string };
  natsUrl: string;
  redisUrl: string;
  redisPrefix: string;
  subjectPrefix: string;
  streamName: string;
  mailDir: string;
  mailer: MailPort;
  env: NodeJS.ProcessEnv;
}

type ServiceStarter = (ctx: ServiceContext) => Promise<INestMicroservice>;

/**
 * How each service starts in a test. A service added to the system adds its line here and names
 * itself in `startTestSystem({ services })`.
 */
export const SERVICE_STARTERS: Partial<Record<ServiceName, ServiceStarter>> = {
  // Give env MEDIA_DIR (or S3_*) and the same store as `gateway.objectStore` to post photos through
  // the gateway; otherwise media keeps its files in the system's temporary folder.
  media: (ctx) =>
    startMediaService(
      {
        natsUrl: ctx.natsUrl,
        subjectPrefix: ctx.subjectPrefix,
        streamName: ctx.streamName,
        store: ctx.env.MEDIA_DIR || ctx.env.S3_ENDPOINT ? createObjectStore(ctx.env) : new LocalFileStore(path.join(ctx.mailDir, 'objects')),
        // Identity and control documents: give env DOCUMENTS_DIR and the same store as `gateway.documentStore` to read them through the gateway.
        documents: new LocalFileStore(ctx.env.DOCUMENTS_DIR || path.join(ctx.mailDir, 'documents')),
        processingConcurrency: 2,
        consumeEvents: true,
      },
      { logger: false },
    ),
  listings: (ctx) =>
    startListingsService(
      {
        databaseUrl: ctx.db.urlFor('listings'),
        dbSchema: 'listings',
        natsUrl: ctx.natsUrl,
        subjectPrefix: ctx.subjectPrefix,
        streamName: ctx.streamName,
        relay: true,
        consumers: true,
        search: {
          meiliUrl: ctx.env.MEILI_URL,
          meiliApiKey: ctx.env.MEILI_API_KEY,
          meiliIndex: ctx.env.MEILI_INDEX,
          // SEARCH_MEMORY=off: searches read PostgreSQL (the tracing test follows them there).
          ...(ctx.env.SEARCH_MEMORY === 'off' ? { memory: false } : {}),
        },
        ownerWaitMs: 3000,
        // Fresh listings: reminders land in the system's mail folder; a test may sweep faster.
        freshness: { mailer: ctx.mailer, publicOrigin: 'http://localhost:3000', sweepMs: Number(ctx.env.FRESHNESS_SWEEP_MS) || undefined },
        // Saved-search alerts mail through the same mailer; a test may sweep faster, and point
        // WhatsApp at a local stand-in of the Cloud API.
        savedSearches: {
          sweepMs: Number(ctx.env.SAVED_SEARCH_SWEEP_MS) || undefined,
          whatsapp: createWhatsApp({
            apiUrl: ctx.env.WHATSAPP_API_URL,
            phoneNumberId: ctx.env.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: ctx.env.WHATSAPP_ACCESS_TOKEN,
            template: ctx.env.WHATSAPP_TEMPLATE,
          }),
        },
      },
      { logger: false },
    ),
  moderation: (ctx) =>
    startModerationService(
      {
        databaseUrl: ctx.db.urlFor('moderation'),
        dbSchema: 'moderation',
        natsUrl: ctx.natsUrl,
        subjectPrefix: ctx.subjectPrefix,
        streamName: ctx.streamName,
        mailer: ctx.mailer,
        relay: true,
        publicOrigin: 'http://localhost:3000',
        // Deleting document photos past their keeping time; a test may sweep faster.
        verification: { sweepMs: Number(ctx.env.VERIFICATION_SWEEP_MS) || undefined },
      },
      { logger: false },
    ),
  auth: (ctx) =>
    startAuthService(
      {
        databaseUrl: ctx.db.urlFor('auth'),
        dbSchema: 'auth',
        redisUrl: ctx.redisUrl,
        redisPrefix: ctx.redisPrefix,
        natsUrl: ctx.natsUrl,
        subjectPrefix: ctx.subjectPrefix,
        streamName: ctx.streamName,
        mailer: ctx.mailer,
        // Codes that prove a WhatsApp number: the Cloud API (a test's stand-in) when configured, else files beside the mail.
        whatsapp:
          createWhatsApp({
            apiUrl: ctx.env.WHATSAPP_API_URL,
            phoneNumberId: ctx.env.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: ctx.env.WHATSAPP_ACCESS_TOKEN,
            template: ctx.env.WHATSAPP_CODE_TEMPLATE ?? 'mboa_code',
          }) ?? new FileWhatsApp(path.join(ctx.mailDir, 'whatsapp')),
        relay: true,
        admin: ctx.env.ADMIN_EMAIL
          ? {
              email: ctx.env.ADMIN_EMAIL,
              password: ctx.env.ADMIN_PASSWORD ?? '',
              name: ctx.env.ADMIN_NAME ?? 'Administrator',
              whatsapp: ctx.env.ADMIN_WHATSAPP ?? '600000000',
            }
          : undefined,
      },
      { logger: false },
    ),
  support: (ctx) =>
    startSupportService(
      {
        databaseUrl: ctx.db.urlFor('support'),
        dbSchema: 'support',
        natsUrl: ctx.natsUrl,
        subjectPrefix: ctx.subjectPrefix,
        streamName: ctx.streamName,
        relay: true,
      },
      { logger: false },
    ),
};

export interface TestSystemOptions {
  services?: ServiceName[];
  gateway?: Partial<GatewayConfig>;
  env?: NodeJS.ProcessEnv;
  /**
   * Listen on this port (a free one the caller picked) instead of a random one, and accept the
   * system's own URL as an Origin: a real browser's API calls then pass the origin check.
   */
  port?: number;
  /** Wraps the system's file mailer (e.g. to hold a message back); services mail through the result. */
  mailer?: (files: FileMailer) => MailPort;
  /** Run on this database (e.g. one restored from a backup) instead of a new migrated one; stop() drops it. */
  database?: TestDatabase;
}

export interface TestSystem {
  url: string;
  context: ServiceContext;
  config: GatewayConfig;
  mailDir: string;
  /**
   * The reset codes mailed to an address, oldest first. Reset mail leaves asynchronously: with
   * `atLeast`, waits (up to `timeoutMs`, 10 s) until that many have arrived.
   */
  mailedCodes(to: string, options?: { atLeast?: number; timeoutMs?: number }): Promise<string[]>;
  /** Stops one service (closing it as a deploy would) and starts it again on the same database and stream. */
  restart(name: ServiceName): Promise<void>;
  /** Stops one service and leaves it down (no replica answers: 503) until `restart` starts it again. */
  stopService(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The gateway and the auth service on their own database, NATS subjects, event stream, Redis
 * keys and mail folder, so test files run side by side against the one set of local servers.
 */
export async function startTestSystem(options: TestSystemOptions = {}): Promise<TestSystem> {
  const names: ServiceName[] = options.services ?? ['auth'];
  const db = options.database ?? (await createTestDatabase(names.filter(hasPrismaSchema)));
  const prefix = uniqueTestPrefix('gw');
  const redisPrefix = `test:${prefix}`;
  const stream = `T_${prefix.replace(/\W/g, '_')}`;
  const mailDir = await mkdtemp(path.join(tmpdir(), 'mboa-mail-'));
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const context: ServiceContext = {
    db,
    natsUrl,
    redisUrl,
    redisPrefix,
    subjectPrefix: prefix,
    streamName: stream,
    mailDir,
    mailer: (options.mailer ?? ((files: FileMailer) => files))(new FileMailer({ mailDir, from: 'Mboa Rentals <test@mboa.local>' })),
    env: options.env ?? {},
  };
  const running: INestMicroservice[] = [];
  const stopped = new Set<ServiceName>();
  for (const name of names) {
    const starter = SERVICE_STARTERS[name];
    if (!starter) throw new Error(`no test starter for service ${name}`);
    running.push(await starter(context));
  }

  const config: GatewayConfig = {
    ...gatewayConfigFromEnv({ PORT: String(options.port ?? 3000) }),
    databaseUrl: db.url,
    redisUrl,
    redisPrefix,
    natsUrl,
    subjectPrefix: prefix,
    streamName: stream,
    services: names,
    ...options.gateway,
  };
  const app: NestExpressApplication = await createGateway(config, { logger: false });
  await app.listen(options.port ?? 0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;

  async function codesMailedTo(to: string): Promise<string[]> {
    const files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml')).sort();
    const codes: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(mailDir, file), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(text)) continue;
      const match = /reset code is (\d{6})/.exec(text);
      if (match) codes.push(match[1]);
    }
    return codes;
  }

  return {
    url,
    context,
    config,
    mailDir,
    async mailedCodes(to: string, options: { atLeast?: number; timeoutMs?: number } = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      for (;;) {
        const codes = await codesMailedTo(to);
        if (codes.length >= (options.atLeast ?? 0) || Date.now() > deadline) return codes;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async restart(name: ServiceName) {
      const index = names.indexOf(name);
      if (index < 0) throw new Error(`service ${name} is not running in this system`);
      if (!stopped.delete(name)) await running[index].close();
      running[index] = await SERVICE_STARTERS[name]!(context);
    },
    async stopService(name: ServiceName) {
      const index = names.indexOf(name);
      if (index < 0 || stopped.has(name)) throw new Error(`service ${name} is not running in this system`);
      await running[index].close();
      stopped.add(name);
    },
    async stop() {
      await app.close();
      await Promise.all(running.filter((_, i) => !stopped.has(names[i])).map((service) => service.close()));
      await deleteTestStream(stream, natsUrl);
      await db.drop();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}

/** A small cookie-keeping HTTP client, like a browser tab. */
export class Browser {
  private cookies = new Map<string, string>();
  lastSetCookie: string[] = [];

  constructor(
    private readonly base: string,
    private readonly origin?: string,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(this.origin ? { origin: this.origin } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    // The JSON answer, read by each test at the path it checks (like supertest's `response.body`).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, body: json, text };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }

  forgetCookies() {
    this.cookies.clear();
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }
}

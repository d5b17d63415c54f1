import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { INestMicroservice } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { FileMailer, uniqueTestPrefix } from '@mboa/platform';
import { createTestDatabase } from '@mboa/platform/testing';
import { startAuthService } from '../../../services/auth/src/main.js';
import { createGateway } from '../app.js';
import { gatewayConfigFromEnv, type GatewayConfig } from '../config.js';

export interface TestSystem {
  url: string;
  config: GatewayConfig;
  mailDir: string;
  /** The reset codes mailed to an address, oldest first. */
  mailedCodes(to: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The gateway and the auth service on their own database, NATS subjects, event stream, Redis
 * keys and mail folder, so test files run side by side against the one set of local servers.
 */
export async function startTestSystem(overrides: Partial<GatewayConfig> = {}, env: NodeJS.ProcessEnv = {}): Promise<TestSystem> {
  const db = await createTestDatabase(['auth']);
  const prefix = uniqueTestPrefix('gw');
  const redisPrefix = `test:${prefix}`;
  const stream = `T_${prefix.replace(/\W/g, '_')}`;
  const mailDir = await mkdtemp(path.join(tmpdir(), 'mboa-mail-'));
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  const auth: INestMicroservice = await startAuthService(
    {
      databaseUrl: db.urlFor('auth'),
      dbSchema: 'auth',
      redisUrl,
      redisPrefix,
      natsUrl,
      subjectPrefix: prefix,
      streamName: stream,
      mailer: new FileMailer({ mailDir, from: 'Mboa Rentals <test@mboa.local>' }),
      relay: true,
      admin: env.ADMIN_EMAIL
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD ?? '', name: env.ADMIN_NAME ?? 'Administrator', whatsapp: env.ADMIN_WHATSAPP ?? '600000000' }
        : undefined,
    },
    { logger: false },
  );

  const config: GatewayConfig = {
    ...gatewayConfigFromEnv({ PORT: '3000' }),
    databaseUrl: db.url,
    redisUrl,
    redisPrefix,
    natsUrl,
    subjectPrefix: prefix,
    services: ['auth'],
    ...overrides,
  };
  const app: NestExpressApplication = await createGateway(config, { logger: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    config,
    mailDir,
    async mailedCodes(to: string) {
      const files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml')).sort();
      const codes: string[] = [];
      for (const file of files) {
        const text = await readFile(path.join(mailDir, file), 'utf8');
        if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(text)) continue;
        const match = /reset code is (\d{6})/.exec(text);
        if (match) codes.push(match[1]!);
      }
      return codes;
    },
    async stop() {
      await app.close();
      await auth.close();
      const nc = await connect({ servers: natsUrl });
      await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
      await nc.drain();
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
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await res.text();
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

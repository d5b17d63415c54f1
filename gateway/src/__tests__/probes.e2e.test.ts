// Liveness and readiness on METRICS_PORT (what compose's health checks, Caddy's balancer and a
// Kubernetes kubelet ask), on the real gateway and real services over the local PostgreSQL, Redis
// and NATS. A dependency "goes down" by cutting a TCP relay the app was pointed at: the real server
// stays up for everyone else. No mocks.
import net from 'node:net';
import path from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createObjectStore, FileWhatsApp, LocalFileStore, PROBE_PATHS } from '@mboa/platform';
import { startAuthService } from '../../../services/auth/src/main.js';
import { startListingsService } from '../../../services/listings/src/main.js';
import { startMediaService } from '../../../services/media/src/main.js';
import { startModerationService } from '../../../services/moderation/src/main.js';
import { startSupportService } from '../../../services/support/src/main.js';
import { startTestSystem, type TestSystem } from './system.js';
import { freePort } from '@mboa/platform/testing';

const REDIS = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const NATS = new URL((process.env.NATS_URL ?? 'nats://127.0.0.1:4222').split(',')[0]);

interface Relay {
  url(original: URL): string;
  cut(): void;
  restore(): Promise<void>;
}

/** A TCP relay to a real server; `cut()` drops every connection and refuses new ones until `restore()`. */
async function relayTo(target: URL): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    sockets.add(client).add(upstream);
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url(original) {
      const url = new URL(original);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString().replace(/\/$/, '');
    },
    cut() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      if (server.listening) return Promise.resolve();
      return new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
}


interface Probe {
  status: number;
  body: { status: string; checks?: Record<string, string>; failing?: string[] };
}

async function probe(port: number, which: keyof typeof PROBE_PATHS): Promise<Probe> {
  const res = await fetch(`http://127.0.0.1:${port}${PROBE_PATHS[which]}`);
  return { status: res.status, body: (await res.json()) as Probe['body'] };
}

/** Polls until `ok` (or 30 s), then returns the last answer for the assertion to show. */
async function eventually(read: () => Promise<Probe>, ok: (p: Probe) => boolean): Promise<Probe> {
  const until = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const closeWithin = (app: INestMicroservice) => Promise.race([app.close().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);

describe('the gateway’s probes', () => {
  let system: TestSystem;
  let metricsPort: number;
  let redis: Relay;
  let nats: Relay;

  beforeAll(async () => {
    metricsPort = await freePort();
    redis = await relayTo(REDIS);
    nats = await relayTo(NATS);
    system = await startTestSystem({
      services: ['auth', 'support'],
      gateway: {
        rateLimitScale: 100,
        redisUrl: redis.url(REDIS),
        natsUrl: nats.url(NATS),
        runtime: { logLevel: 'silent', shutdownGraceMs: 1000, metricsPort },
      },
    });
  }, 120_000);

  afterAll(async () => {
    // Back up first, so the gateway closes its connections as usual.
    await redis?.restore();
    await nats?.restore();
    await eventually(() => probe(metricsPort, 'readiness'), (p) => p.status === 200);
    await system?.stop();
  }, 60_000);

  test('alive and ready with its NATS and Redis up, each named', async () => {
    expect(await probe(metricsPort, 'liveness')).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await probe(metricsPort, 'readiness')).toEqual({ status: 200, body: { status: 'ready', checks: { nats: 'ok', redis: 'ok' }, failing: [] } });
  });

  test('a service down makes /api/health degraded (503) but leaves the gateway ready: no balancer drops every replica for it', async () => {
    await system.stopService('support');
    const health = await fetch(`${system.url}/api/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { components: { services: Record<string, string> } }).components.services).toMatchObject({ support: 'down', auth: 'up' });
    expect((await probe(metricsPort, 'readiness')).status).toBe(200);
  });

  test('its Redis gone: alive, not ready (503 naming redis); then its NATS gone too: both named; both back: ready again', async () => {
    redis.cut();
    const noRedis = await eventually(() => probe(metricsPort, 'readiness'), (p) => p.status === 503);
    expect(noRedis).toEqual({ status: 503, body: { status: 'unready', checks: { nats: 'ok', redis: 'fail' }, failing: ['redis'] } });
    expect((await probe(metricsPort, 'liveness')).status).toBe(200);
    nats.cut();
    const neither = await eventually(() => probe(metricsPort, 'readiness'), (p) => p.body.failing?.length === 2);
    expect(neither).toEqual({ status: 503, body: { status: 'unready', checks: { nats: 'fail', redis: 'fail' }, failing: ['nats', 'redis'] } });
    expect((await probe(metricsPort, 'liveness')).status).toBe(200);
    await redis.restore();
    await nats.restore();
    expect((await eventually(() => probe(metricsPort, 'readiness'), (p) => p.status === 200)).body).toEqual({ status: 'ready', checks: { nats: 'ok', redis: 'ok' }, failing: [] });
  }, 90_000);
});

describe('a service replica’s probes (each names its own dependencies)', () => {
  let system: TestSystem;
  const replicas: INestMicroservice[] = [];
  let redis: Relay;
  let files: string;

  beforeAll(async () => {
    redis = await relayTo(REDIS);
    files = await mkdtemp(path.join(tmpdir(), 'mboa-probes-'));
    // The system gives the replicas below their database schemas, subjects and stream.
    system = await startTestSystem({ services: ['auth', 'support', 'moderation', 'listings'] });
  }, 120_000);

  afterAll(async () => {
    for (const replica of replicas) await closeWithin(replica);
    redis?.cut();
    await system?.stop();
    if (files) await rm(files, { recursive: true, force: true });
  }, 60_000);

  const runtimeOn = (metricsPort: number) => ({ logLevel: 'silent' as const, shutdownGraceMs: 1000, metricsPort });

  test('moderation and listings (PostgreSQL search here): alive, and ready with each dependency named', async () => {
    const moderationPort = await freePort();
    replicas.push(
      await startModerationService(
        { ...bus(), databaseUrl: system.context.db.urlFor('moderation'), dbSchema: 'moderation', relay: false, mailer: system.context.mailer, publicOrigin: 'http://localhost:3000', runtime: runtimeOn(moderationPort) },
        { logger: false },
      ),
    );
    expect(await probe(moderationPort, 'liveness')).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await probe(moderationPort, 'readiness')).toEqual({ status: 200, body: { status: 'ready', checks: { nats: 'ok', postgres: 'ok' }, failing: [] } });
    const listingsPort = await freePort();
    replicas.push(
      await startListingsService(
        { ...bus(), databaseUrl: system.context.db.urlFor('listings'), dbSchema: 'listings', relay: false, consumers: false, search: {}, ownerWaitMs: 3000, runtime: runtimeOn(listingsPort) },
        { logger: false },
      ),
    );
    expect(await probe(listingsPort, 'liveness')).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await probe(listingsPort, 'readiness')).toEqual({ status: 200, body: { status: 'ready', checks: { nats: 'ok', postgres: 'ok', search: 'ok' }, failing: [] } });
  }, 60_000);

  test('media: ready with its object store; with an S3 endpoint that refuses connections, alive but 503 naming objectStore', async () => {
    const readyPort = await freePort();
    const media = (store: ReturnType<typeof createObjectStore>, metricsPort: number) =>
      startMediaService({ ...bus(), store, documents: new LocalFileStore(path.join(files, 'documents')), processingConcurrency: 1, consumeEvents: false, runtime: runtimeOn(metricsPort) }, { logger: false });
    replicas.push(await media(new LocalFileStore(path.join(files, 'objects')), readyPort));
    expect(await probe(readyPort, 'readiness')).toEqual({ status: 200, body: { status: 'ready', checks: { nats: 'ok', objectStore: 'ok' }, failing: [] } });
    const closed = await freePort();
    const unreachablePort = await freePort();
    const unreachable = createObjectStore({ S3_ENDPOINT: `http://127.0.0.1:${closed}`, S3_ACCESS_KEY: 'probe', S3_SECRET_KEY: 'probe-secret', S3_BUCKET: 'mboa-probe', S3_REGION: 'us-east-1' });
    replicas.push(await media(unreachable, unreachablePort));
    expect(await probe(unreachablePort, 'liveness')).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await probe(unreachablePort, 'readiness')).toEqual({ status: 503, body: { status: 'unready', checks: { nats: 'ok', objectStore: 'fail' }, failing: ['objectStore'] } });
  }, 60_000);

  const bus = () => ({ natsUrl: system.context.natsUrl, subjectPrefix: system.context.subjectPrefix, streamName: system.context.streamName });

  test('support: alive, and ready with each dependency named', async () => {
    const metricsPort = await freePort();
    const runtime = { logLevel: 'silent' as const, shutdownGraceMs: 1000, metricsPort };
    replicas.push(await startSupportService({ ...bus(), databaseUrl: system.context.db.urlFor('support'), dbSchema: 'support', relay: false, runtime }, { logger: false }));
    expect(await probe(metricsPort, 'liveness')).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await probe(metricsPort, 'readiness')).toEqual({ status: 200, body: { status: 'ready', checks: { nats: 'ok', postgres: 'ok' }, failing: [] } });
  }, 60_000);

  test('auth: ready with its Redis; once its Redis is gone, alive but 503 naming redis alone', async () => {
    const metricsPort = await freePort();
    const runtime = { logLevel: 'silent' as const, shutdownGraceMs: 1000, metricsPort };
    replicas.push(
      await startAuthService(
        {
          ...bus(),
          databaseUrl: system.context.db.urlFor('auth'),
          dbSchema: 'auth',
          redisUrl: redis.url(REDIS),
          redisPrefix: system.context.redisPrefix,
          mailer: system.context.mailer,
          whatsapp: new FileWhatsApp(path.join(system.mailDir, 'whatsapp')),
          relay: false,
          runtime,
        },
        { logger: false },
      ),
    );
    expect(await probe(metricsPort, 'readiness')).toEqual({ status: 200, body: { status: 'ready', checks: { nats: 'ok', postgres: 'ok', redis: 'ok' }, failing: [] } });
    redis.cut();
    const after = await eventually(() => probe(metricsPort, 'readiness'), (p) => p.status === 503);
    expect(after).toEqual({ status: 503, body: { status: 'unready', checks: { nats: 'ok', postgres: 'ok', redis: 'fail' }, failing: ['redis'] } });
    expect(await probe(metricsPort, 'liveness')).toEqual({ status: 200, body: { status: 'alive' } });
    await redis.restore();
    expect((await eventually(() => probe(metricsPort, 'readiness'), (p) => p.status === 200)).status).toBe(200);
  }, 90_000);
});

// The one service skeleton: health answers, the common configuration, and a service's resources
// (here its metrics port) released when the app closes. Real NATS; no mocks.
import { request } from 'node:http';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { startMicroservice } from '../nats/microservice.js';
import { uniqueTestPrefix } from '../nats/subjects.js';
import { checkHealth } from './health.js';
import { loadServiceEnv } from './service-config.js';
import { freePort } from '../testing/free-port.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('checkHealth', () => {
  test('ok when every probe passes; a throw, a rejection or `false` is a named failure; undefined probes are left out', async () => {
    expect(await checkHealth('auth', { postgres: async () => [{ '?column?': 1 }], redis: () => 'PONG' })).toEqual({
      service: 'auth',
      status: 'ok',
      checks: { postgres: 'ok', redis: 'ok' },
    });
    const degraded = await checkHealth('media', {
      objectStore: async () => {
        throw new Error('ECONNREFUSED');
      },
      events: () => false,
      search: () => {
        throw new Error('sync failure');
      },
      postgres: () => undefined,
      notHere: undefined,
    });
    expect(degraded).toEqual({ service: 'media', status: 'degraded', checks: { objectStore: 'fail', events: 'fail', search: 'fail', postgres: 'ok' } });
  });
});

describe('loadServiceEnv', () => {
  test('gives every service the same NATS, stream and runtime settings; a service database URL overrides DATABASE_URL', () => {
    const env = { NATS_URL: 'nats://bus:4222', NATS_SUBJECT_PREFIX: 't1.', EVENTS_STREAM: 'EV', LOG_LEVEL: 'warn', METRICS_PORT: '9464', OUTBOX_RELAY: 'off' };
    const cluster = { EVENT_STREAM_REPLICAS: '3', EVENT_STREAM_MAX_AGE: '30d', EVENT_STREAM_MAX_BYTES: '10GB', DATABASE_POOL_SIZE: '20' };
    const support = loadServiceEnv('support', { ...env, ...cluster, DATABASE_URL: 'postgres://db/mboa', SUPPORT_DATABASE_URL: 'postgres://db/support' }).common;
    expect(support).toEqual({
      natsUrl: 'nats://bus:4222',
      subjectPrefix: 't1.',
      streamName: 'EV',
      streamSettings: { replicas: 3, maxAgeMs: 30 * 86_400_000, maxBytes: 10 * 1024 ** 3 },
      runtime: { logLevel: 'warn', shutdownGraceMs: 20_000, metricsPort: 9464 },
      databaseUrl: 'postgres://db/support',
      dbSchema: 'support',
      relay: false,
      databasePoolSize: 20,
    });
    expect(loadServiceEnv('listings', { ...env, DATABASE_URL: 'postgres://db/mboa', SUPPORT_DATABASE_URL: 'postgres://db/support' }).common).toMatchObject({
      databaseUrl: 'postgres://db/mboa',
      dbSchema: 'listings',
    });
    const media = loadServiceEnv('media', env).common;
    expect(media).toEqual({
      natsUrl: 'nats://bus:4222',
      subjectPrefix: 't1.',
      streamName: 'EV',
      streamSettings: { replicas: 1, maxAgeMs: 0, maxBytes: 0 },
      runtime: { logLevel: 'warn', shutdownGraceMs: 20_000, metricsPort: 9464 },
    });
    expect(() => loadServiceEnv('moderation', { NATS_URL: 'http://bus' })).toThrow('NATS_URL must be');
  });
});

@Controller()
class PingController {
  @MessagePattern('skeleton.ping')
  ping() {
    return 'pong';
  }
}

@Module({ controllers: [PingController] })
class PingModule {}


function getMetrics(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/metrics', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

describe('a service process', () => {
  let app: INestMicroservice | undefined;
  afterEach(async () => {
    await app?.close();
  });

  test('serves /metrics on METRICS_PORT while it runs and frees the port when it closes', async () => {
    const port = await freePort();
    app = await startMicroservice({ module: PingModule }, { name: 'skeleton', natsUrl: NATS_URL, subjectPrefix: uniqueTestPrefix('skeleton'), logger: false, metricsPort: port });
    expect(await getMetrics(port)).toBe(200);
    await app.close();
    app = undefined;
    await expect(getMetrics(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

import { Writable } from 'node:stream';
import { APP_ENV, appEnvVariables, ConfigError, loadAppEnv } from './index.js';
import { createLogger, PinoLoggerService } from '../logging/logger.js';
import { runWithRequestId } from '../logging/request-context.js';

describe('app configuration', () => {
  test('refuses to start with a message naming the wrong variable and what it got', () => {
    expect(() => loadAppEnv('gateway', { PORT: 'abc' })).toThrow(new ConfigError('Invalid configuration: PORT must be a TCP port (got "abc")'));
    expect(() => loadAppEnv('gateway', { PORT: '70000' })).toThrow('PORT must be a TCP port (got "70000")');
    expect(() => loadAppEnv('gateway', { SERVICES: 'auth,billing' })).toThrow('SERVICES must list services among auth, listings, media, moderation, support');
    expect(() => loadAppEnv('listings', { DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")');
    expect(() => loadAppEnv('auth', { OUTBOX_RELAY: 'maybe' })).toThrow('OUTBOX_RELAY must be "on" or "off" (got "maybe")');
    expect(() => loadAppEnv('support', { LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")');
  });

  test('names missing variables that another one makes necessary, and never echoes secrets', () => {
    expect(() => loadAppEnv('media', { S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'k' })).toThrow(
      'Invalid configuration: S3_SECRET_KEY is required when S3_ENDPOINT is set',
    );
    expect(() => loadAppEnv('auth', { ADMIN_EMAIL: 'a@b.cm' })).toThrow('ADMIN_PASSWORD is required when ADMIN_EMAIL is set');
    // Meilisearch's least-privilege keys come as a pair, each as a value or a file, not both.
    expect(() => loadAppEnv('listings', { MEILI_SEARCH_KEY_FILE: '/run/meili-keys/search.key' })).toThrow(
      'Invalid configuration: MEILI_INDEXER_KEY is required with the search key (or MEILI_INDEXER_KEY_FILE)',
    );
    expect(() => loadAppEnv('listings', { MEILI_SEARCH_KEY: 's', MEILI_SEARCH_KEY_FILE: '/k', MEILI_INDEXER_KEY: 'i' })).toThrow('MEILI_SEARCH_KEY_FILE cannot be set with MEILI_SEARCH_KEY');
    expect(loadAppEnv('listings', { MEILI_SEARCH_KEY: 's', MEILI_INDEXER_KEY_FILE: '/k' })).toMatchObject({ MEILI_SEARCH_KEY: 's', MEILI_INDEXER_KEY_FILE: '/k' });
    // WhatsApp alerts need the phone number id and the token together; neither is WhatsApp off.
    expect(() => loadAppEnv('listings', { WHATSAPP_PHONE_NUMBER_ID: '1098765' })).toThrow('WHATSAPP_ACCESS_TOKEN is required when WHATSAPP_PHONE_NUMBER_ID is set');
    expect(() => loadAppEnv('listings', { WHATSAPP_ACCESS_TOKEN: 't' })).toThrow('WHATSAPP_PHONE_NUMBER_ID is required when WHATSAPP_ACCESS_TOKEN is set');
    expect(loadAppEnv('listings', { WHATSAPP_PHONE_NUMBER_ID: '', WHATSAPP_ACCESS_TOKEN: '' })).toMatchObject({ WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0' });
    let message = '';
    try {
      loadAppEnv('listings', { MEILI_URL: 'not a url', OWNER_WAIT_MS: '-1' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(() => loadAppEnv('gateway', { REDIS_URL: 'http://:hunter2@redis:6379' })).toThrow('REDIS_URL must be a redis:// or rediss:// URL (got "http://***@redis:6379")');
    expect(message).toBe('Invalid configuration: MEILI_URL must be a http:// or https:// URL (got "not a url"); OWNER_WAIT_MS must be a whole number of at least 0 (got "-1")');
  });

  test('blank values take the default; defaults suit one machine', () => {
    const e = loadAppEnv('gateway', { PORT: '', NATS_URL: ' ' });
    expect(e.PORT).toBe(3000);
    expect(e.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(e.SERVICES).toBe('auth');
  });

  test('TRUST_PROXY: nobody by default, a hop count, or addresses and ranges; anything else refused', () => {
    expect(loadAppEnv('gateway', {}).TRUST_PROXY).toBeUndefined();
    expect(loadAppEnv('gateway', { TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadAppEnv('gateway', { TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32, 192.168.1.7' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.168.1.7',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', '300.1.1.1', 'proxy.local']) {
      expect(() => loadAppEnv('gateway', { TRUST_PROXY: bad })).toThrow(`TRUST_PROXY must be a number of proxy hops`);
    }
    expect(() => loadAppEnv('gateway', { DEVICE_COOKIE_SECRET: 'short' })).toThrow('DEVICE_COOKIE_SECRET must be at least 32 characters (got a value of 5 characters)');
  });

  test('event stream replicas and retention, and the database pool: defaults for one machine, units an operator writes', () => {
    for (const app of ['auth', 'listings', 'media', 'moderation', 'support'] as const) {
      expect(loadAppEnv(app, {})).toMatchObject({ EVENT_STREAM_REPLICAS: 1, EVENT_STREAM_MAX_AGE: 0, EVENT_STREAM_MAX_BYTES: 0 });
    }
    const day = 86_400_000;
    const e = loadAppEnv('support', { EVENT_STREAM_REPLICAS: '3', EVENT_STREAM_MAX_AGE: '90d', EVENT_STREAM_MAX_BYTES: '20GB', DATABASE_POOL_SIZE: '25' });
    expect(e).toMatchObject({ EVENT_STREAM_REPLICAS: 3, EVENT_STREAM_MAX_AGE: 90 * day, EVENT_STREAM_MAX_BYTES: 20 * 1024 ** 3, DATABASE_POOL_SIZE: 25 });
    expect(loadAppEnv('media', { EVENT_STREAM_MAX_AGE: '12h', EVENT_STREAM_MAX_BYTES: '512 MB' })).toMatchObject({
      EVENT_STREAM_MAX_AGE: 12 * 3_600_000,
      EVENT_STREAM_MAX_BYTES: 512 * 1024 ** 2,
    });
    expect(loadAppEnv('auth', { EVENT_STREAM_MAX_BYTES: '1.5TB', EVENT_STREAM_MAX_AGE: '90m' })).toMatchObject({
      EVENT_STREAM_MAX_BYTES: 1.5 * 1024 ** 4,
      EVENT_STREAM_MAX_AGE: 90 * 60_000,
    });
    expect(loadAppEnv('listings', {}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadAppEnv('auth', { EVENT_STREAM_MAX_BYTES: '1048576' }).EVENT_STREAM_MAX_BYTES).toBe(1024 ** 2);

    expect(() => loadAppEnv('auth', { EVENT_STREAM_REPLICAS: '0' })).toThrow('EVENT_STREAM_REPLICAS must be a whole number from 1 to 5 (got "0")');
    expect(() => loadAppEnv('auth', { EVENT_STREAM_REPLICAS: '7' })).toThrow('EVENT_STREAM_REPLICAS must be a whole number from 1 to 5 (got "7")');
    expect(() => loadAppEnv('auth', { EVENT_STREAM_MAX_AGE: '30' })).toThrow(
      'EVENT_STREAM_MAX_AGE must be a number of days, hours or minutes, e.g. 30d, 12h or 90m (got "30")',
    );
    expect(() => loadAppEnv('auth', { EVENT_STREAM_MAX_AGE: '10m' })).toThrow('EVENT_STREAM_MAX_AGE must be at least 1h');
    expect(() => loadAppEnv('auth', { EVENT_STREAM_MAX_BYTES: 'lots' })).toThrow('EVENT_STREAM_MAX_BYTES must be a size such as 500MB, 10GB or 1TB (got "lots")');
    expect(() => loadAppEnv('auth', { EVENT_STREAM_MAX_BYTES: '10KB' })).toThrow('EVENT_STREAM_MAX_BYTES must be at least 1MB (got "10KB")');
    expect(() => loadAppEnv('moderation', { DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be a whole number from 1 to 200 (got "0")');
    // The gateway neither creates the stream nor pools database connections (one for its health check).
    expect(appEnvVariables('gateway')).not.toEqual(expect.arrayContaining(['EVENT_STREAM_REPLICAS']));
    expect(appEnvVariables('gateway')).not.toContain('DATABASE_POOL_SIZE');
    expect(appEnvVariables('media')).not.toContain('DATABASE_POOL_SIZE');
  });

  test('every app lists what it reads, and what a deployment must set is among it', () => {
    for (const app of Object.keys(APP_ENV) as (keyof typeof APP_ENV)[]) {
      const reads = appEnvVariables(app);
      expect(reads).toEqual(expect.arrayContaining(['LOG_LEVEL', 'NATS_URL']));
      expect(APP_ENV[app].stackRequired.filter((v) => !reads.includes(v))).toEqual([]);
    }
  });
});

describe('logs', () => {
  test('are JSON lines with the service, the level, and the id of the request being handled', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).trim().split('\n'));
        done();
      },
    });
    const nest = new PinoLoggerService(createLogger({ name: 'listings', level: 'info', destination: sink }));
    runWithRequestId('r-42', () => nest.log('property created', 'PropertiesService'));
    nest.warn('no request here');
    nest.debug('too detailed for info');
    nest.error('failed', 'Error: boom\n    at x', 'Relay');
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed).toEqual([
      expect.objectContaining({ level: 'info', service: 'listings', requestId: 'r-42', context: 'PropertiesService', msg: 'property created' }),
      expect.objectContaining({ level: 'warn', msg: 'no request here' }),
      expect.objectContaining({ level: 'error', context: 'Relay', stack: 'Error: boom\n    at x', msg: 'failed' }),
    ]);
    expect(parsed[1]).not.toHaveProperty('requestId');
    expect(typeof parsed[0].time).toBe('string');
  });
});

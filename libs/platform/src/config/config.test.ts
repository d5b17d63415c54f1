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

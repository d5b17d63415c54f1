// The orchestrator's probes on METRICS_PORT, on a real service process: a NATS server of its own
// (a local nats-server this test starts and then kills) and the real PostgreSQL, reached through
// serviceModule's ServiceHealth as every service reaches it. No mocks.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { Controller, Injectable, Module, type INestMicroservice } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import pg from 'pg';
import { startMicroservice } from '../nats/microservice.js';
import { uniqueTestPrefix } from '../nats/subjects.js';
import { ServiceHealth } from '../service/health.js';
import { serviceModule } from '../service/service-module.js';
import { checkDependencies, PROBE_PATHS, PROBE_TIMEOUT_MS, type ReadinessReport } from './probes.js';
import { freePort } from '../testing/free-port.js';

const NATS_SERVER =
  process.env.NATS_SERVER_BIN ??
  [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']
    .map((dir) => path.join(dir, 'nats-server'))
    .find((file) => existsSync(file));
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';


async function get(port: number, probe: string): Promise<{ status: number; body: ReadinessReport & { status: string } }> {
  const res = await fetch(`http://127.0.0.1:${port}${probe}`);
  return { status: res.status, body: (await res.json()) as ReadinessReport };
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, limitMs = 30_000): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const PROBED_CONFIG = Symbol('PROBED_CONFIG');

/** A service's health as the real ones write it: its PostgreSQL, through a pool of one connection. */
@Injectable()
class ProbedHealth extends ServiceHealth {
  protected readonly service = 'probed';
  constructor(private readonly db: pg.Pool) {
    super();
  }
  protected probes() {
    return { postgres: () => this.db.query('SELECT 1') };
  }
}

@Controller()
class ProbedController {
  @MessagePattern('probed.ping')
  ping() {
    return 'pong';
  }
}

@Module({})
class ProbedModule {}

function probedService(databaseUrl: string, natsUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: 1000 });
  pool.on('error', () => undefined);
  const module = serviceModule({
    name: 'probed',
    module: ProbedModule,
    config: { natsUrl, subjectPrefix: uniqueTestPrefix('probed'), streamName: 'UNUSED' },
    configToken: PROBED_CONFIG,
    controllers: [ProbedController],
    providers: [{ provide: pg.Pool, useValue: pool }],
    health: ProbedHealth,
  });
  return { module, pool };
}

describe('checkDependencies', () => {
  test('a check that never answers fails after the probe timeout instead of holding the probe', async () => {
    const started = Date.now();
    const checks = await checkDependencies({ stuck: () => new Promise(() => undefined), fine: () => 'PONG', refused: () => false }, 200);
    expect(checks).toEqual({ stuck: 'fail', fine: 'ok', refused: 'fail' });
    expect(Date.now() - started).toBeLessThan(PROBE_TIMEOUT_MS * 5);
  });
});

const describeWithNats = NATS_SERVER ? describe : describe.skip;

describeWithNats('a service replica’s liveness and readiness on METRICS_PORT', () => {
  let nats: ChildProcess | undefined;
  let natsUrl = '';
  const apps: INestMicroservice[] = [];
  const pools: pg.Pool[] = [];

  let natsPort = 0;

  async function startNats(): Promise<void> {
    nats = spawn(NATS_SERVER!, ['-a', '127.0.0.1', '-p', String(natsPort)], { stdio: 'ignore' });
    const listening = await eventually(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = connect(natsPort, '127.0.0.1', () => resolve(socket.end() !== undefined));
          socket.on('error', () => resolve(false));
        }),
      Boolean,
    );
    if (!listening) throw new Error('nats-server did not listen within 30 s');
  }

  beforeAll(async () => {
    natsPort = await freePort();
    natsUrl = `nats://127.0.0.1:${natsPort}`;
    await startNats();
  }, 60_000);

  afterAll(async () => {
    // The server back first, so every replica drains and closes as it would in production.
    if (nats && (nats.exitCode !== null || nats.signalCode !== null)) await startNats();
    for (const app of apps) await Promise.race([app.close().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000))]);
    for (const pool of pools) await pool.end().catch(() => undefined);
    nats?.kill('SIGKILL');
  }, 60_000);

  async function start(databaseUrl: string): Promise<number> {
    const metricsPort = await freePort();
    const { module, pool } = probedService(databaseUrl, natsUrl);
    pools.push(pool);
    apps.push(await startMicroservice(module, { name: 'probed', natsUrl, logger: false, metricsPort }));
    return metricsPort;
  }

  test('with its database and NATS up: alive (200) and ready (200), each dependency named', async () => {
    const port = await start(POSTGRES_URL);
    expect(await get(port, PROBE_PATHS.liveness)).toEqual({ status: 200, body: { status: 'alive' } });
    expect(await get(port, PROBE_PATHS.readiness)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { nats: 'ok', postgres: 'ok' }, failing: [] },
    });
  });

  test('its database unreachable (a closed port): still alive, not ready, 503 naming postgres alone', async () => {
    const closed = await freePort();
    const port = await start(`postgres://postgres@127.0.0.1:${closed}/postgres`);
    expect((await get(port, PROBE_PATHS.liveness)).status).toBe(200);
    expect(await get(port, PROBE_PATHS.readiness)).toEqual({
      status: 503,
      body: { status: 'unready', checks: { nats: 'ok', postgres: 'fail' }, failing: ['postgres'] },
    });
  });

  test('its NATS server gone: still alive, not ready, 503 naming nats', async () => {
    const port = await start(POSTGRES_URL);
    expect((await get(port, PROBE_PATHS.readiness)).status).toBe(200);
    nats?.kill('SIGKILL');
    const after = await eventually(() => get(port, PROBE_PATHS.readiness), (r) => r.status === 503);
    expect(after).toEqual({ status: 503, body: { status: 'unready', checks: { nats: 'fail', postgres: 'ok' }, failing: ['nats'] } });
    expect(await get(port, PROBE_PATHS.liveness)).toEqual({ status: 200, body: { status: 'alive' } });
  }, 60_000);
});

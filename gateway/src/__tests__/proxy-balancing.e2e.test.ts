// infra/caddy/Caddyfile balancing over gateway replicas, as compose's `--scale gateway=2` gives
// them: two real gateways on one port at two loopback addresses, and a name that resolves to both.
// Compose's DNS cannot run here, so a small DNS server of this test answers the A records (Caddy
// asks it through GATEWAY_DNS_OPTIONS, the Caddyfile's hook for exactly that); everything else is
// real: Debian's caddy, the gateways, auth, PostgreSQL, Redis and NATS.
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createGateway } from '../app.js';
import { startTestSystem, type TestSystem } from './system.js';
import { freePort } from '@mboa/platform/testing';

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const CADDYFILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../infra/caddy/Caddyfile');
const describeWithCaddy = existsSync(CADDY) ? describe : describe.skip;
if (!existsSync(CADDY)) console.warn(`[proxy-balancing] skipped: no caddy at ${CADDY} (npm test installs it as root on Debian)`);

const NAME = 'gateway.mboa.test';
const REPLICAS = ['127.0.0.1', '127.0.0.2'];


/** Answers A queries for NAME with every replica's address (as compose's DNS does for a scaled service), nothing else. */
async function startDns(): Promise<{ port: number; close(): void }> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, from) => {
    let offset = 12;
    const labels: string[] = [];
    while (query[offset] !== 0) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]).toString('ascii'));
      offset += query[offset] + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const known = labels.join('.').toLowerCase() === NAME;
    const answers = known && type === 1 ? REPLICAS : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // the query's id
    header.writeUInt16BE(known ? 0x8180 : 0x8183, 2); // a response, recursion available; NXDOMAIN for other names
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records = answers.map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(1, 2); // A
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(1, 6); // TTL 1 s
      record.writeUInt16BE(4, 10);
      address.split('.').forEach((part, i) => record.writeUInt8(Number(part), 12 + i));
      return record;
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...records]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, close: () => socket.close() };
}

describeWithCaddy('the TLS proxy balances over gateway replicas (infra/caddy/Caddyfile)', () => {
  let system: TestSystem;
  let dns: { port: number; close(): void };
  let caddy: ChildProcess | undefined;
  let storage: string;
  let proxyUrl: string;
  const gateways: NestExpressApplication[] = [];
  const served = new Map<string, number>();
  const caddyLog: string[] = [];

  beforeAll(async () => {
    system = await startTestSystem({ services: ['auth'] });
    const port = await freePort();
    for (const address of REPLICAS) {
      const gateway = await createGateway({ ...system.config, redisPrefix: `${system.config.redisPrefix}lb:` }, { logger: false });
      await gateway.listen(port, address);
      gateway.getHttpServer().on('request', () => served.set(address, (served.get(address) ?? 0) + 1));
      gateways.push(gateway);
    }
    dns = await startDns();
    storage = await mkdtemp(path.join(tmpdir(), 'mboa-caddy-lb-'));
    const proxyPort = await freePort();
    proxyUrl = `http://localhost:${proxyPort}`;
    caddy = spawn(CADDY, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: {
        ...process.env,
        HOME: storage,
        XDG_DATA_HOME: storage,
        XDG_CONFIG_HOME: storage,
        // Plain HTTP here: the TLS side is tls-proxy.e2e.test.ts's.
        SITE_ADDRESS: proxyUrl,
        GATEWAY_HOST: NAME,
        GATEWAY_PORT: String(port),
        GATEWAY_DNS_OPTIONS: `resolvers udp/127.0.0.1:${dns.port}`,
        CADDY_GLOBAL_OPTIONS: ['admin off', 'auto_https off', `storage file_system ${storage}`].join('\n'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (c: Buffer) => caddyLog.push(c.toString()));
    caddy.stderr?.on('data', (c: Buffer) => caddyLog.push(c.toString()));
    const until = Date.now() + 30_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited (${caddy.exitCode}):\n${caddyLog.join('')}`);
      if (await fetch(`${proxyUrl}/api/health`).then((r) => r.status === 200, () => false)) break;
      if (Date.now() > until) throw new Error(`caddy did not proxy within 30 s:\n${caddyLog.join('').slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    dns?.close();
    for (const gateway of gateways) await gateway.close().catch(() => undefined);
    await system?.stop();
    if (storage) await rm(storage, { recursive: true, force: true });
  }, 60_000);

  test('requests reach both replicas the name resolves to', async () => {
    served.clear();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await fetch(`${proxyUrl}/api/health`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    console.log(`[proxy-balancing] 40 requests served: ${JSON.stringify(Object.fromEntries(served))}`);
    expect([...served.keys()].sort()).toEqual(REPLICAS);
  });

  test('a replica that stops is left out: every request still answers, from the other', async () => {
    await gateways[1].close();
    served.clear();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await fetch(`${proxyUrl}/api/health`)).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(Object.fromEntries(served)).toEqual({ [REPLICAS[0]]: 40 });
  }, 60_000);
});

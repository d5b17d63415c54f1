// Past one machine, on real engines: a three-node NATS cluster started from the very command lines
// of docker-compose.yml's `cluster` profile (local nats-server, spare ports, temporary stores), the
// event stream with 3 replicas through ensureEventStream, the real outbox relay publishing rows
// committed in PostgreSQL, and durable consumers (one of them with two replicas) recording each
// event in the database under processed_events de-duplication. Midway through, the node leading
// the stream (and serving the relay's connection) is killed with SIGKILL. Every event must still
// reach every consumer's handler exactly once: none missing, none applied twice.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AckPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { parse } from 'yaml';
import { addToOutbox, ensureEventStream, EventConsumer, OutboxRelay, pgSqlClient, type SqlClient } from './index.js';
import { createOutboxTables } from './testing.js';
import { natsServers } from '../nats/subjects.js';

/** The nats-server binary npm test's server check installs (Debian puts it in /usr/sbin). */
const NATS_SERVER =
  process.env.NATS_SERVER_BIN ??
  [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin']
    .map((dir) => path.join(dir, 'nats-server'))
    .find((file) => existsSync(file));
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'svc';
const EVENTS = 300;
const TYPE = 'cluster.fact';
const tag = randomBytes(4).toString('hex');
const dbName = `t_cluster_${tag}`;
const dbUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const bus = { prefix: `t${tag}.`, stream: `T_CLUSTER_${tag}` };
const streamSettings = { replicas: 3, maxAgeMs: 0, maxBytes: 0 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Node {
  name: string;
  clientPort: number;
  clusterPort: number;
  httpPort: number;
  store: string;
  log: string;
  proc?: ChildProcess;
}

const work = mkdtempSync(path.join(tmpdir(), 'mboa-nats-cluster-'));
const nodes: Node[] = [];
const connections: NatsConnection[] = [];
const stoppers: Array<{ stop(): Promise<void> }> = [];
let admin: pg.Client | undefined;
let pool: pg.Pool | undefined;
/** What the relay and consumers logged, and progress, shown only when the test fails. */
const notes: string[] = [];
let passed = false;

async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits for `probe` to answer truthy, asking again every 100 ms; throws naming `what` after `timeoutMs`. */
async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The compose file's command for node `name`, moved onto this machine: its store in a temporary
 * folder, the client, route and monitoring ports on spare ones, the routes to the other nodes' ports.
 */
function commandLine(composeCommand: string[], node: Node): string[] {
  const byHost = new Map(nodes.map((n) => [n.name, n]));
  const args = composeCommand.map((arg, i) => {
    const flag = composeCommand[i - 1];
    if (flag === '--store_dir') return node.store;
    if (flag === '--http_port') return String(node.httpPort);
    if (flag === '--cluster') return `nats://127.0.0.1:${node.clusterPort}`;
    if (flag === '--routes') {
      return arg
        .split(',')
        .map((route) => `nats://127.0.0.1:${byHost.get(new URL(route).hostname)!.clusterPort}`)
        .join(',');
    }
    return arg;
  });
  return [...args, '-a', '127.0.0.1', '-p', String(node.clientPort), '-l', node.log];
}

async function monitor<T>(node: Node, endpoint: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${node.httpPort}${endpoint}`, { signal: AbortSignal.timeout(2_000) });
  return (await res.json()) as T;
}

function url(node: Node): string {
  return `nats://127.0.0.1:${node.clientPort}`;
}

async function connection(servers: string[], noRandomize = false): Promise<NatsConnection> {
  // The client's own reconnection settings, as the apps run them: a killed node's clients move to the others.
  const nc = await connect({ servers, noRandomize, timeout: 5_000 });
  connections.push(nc);
  return nc;
}

beforeAll(async () => {
  if (!NATS_SERVER) throw new Error('nats-server not found (apt-get install nats-server, or set NATS_SERVER_BIN)');
  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { command?: string[]; profiles?: string[] }>;
  };
  const names = ['nats-1', 'nats-2', 'nats-3'];
  for (const name of names) {
    nodes.push({
      name,
      clientPort: await sparePort(),
      clusterPort: await sparePort(),
      httpPort: await sparePort(),
      store: path.join(work, name),
      log: path.join(work, `${name}.log`),
    });
  }
  for (const node of nodes) {
    const command = compose.services[node.name]?.command;
    if (!command) throw new Error(`docker-compose.yml has no command for ${node.name}`);
    node.proc = spawn(NATS_SERVER, commandLine(command, node), { stdio: 'ignore' });
    node.proc.once('error', (error) => notes.push(`${node.name} did not start: ${error.message}`));
  }
  // Ready as docker's health check sees it, and one meta leader agreed by all three.
  await until(
    'a JetStream meta leader known to every node',
    async () => {
      const views = await Promise.all(nodes.map((n) => monitor<{ meta_cluster?: { leader?: string; cluster_size?: number } }>(n, '/jsz')));
      const leaders = new Set(views.map((v) => v.meta_cluster?.leader));
      const sized = views.every((v) => v.meta_cluster?.cluster_size === 3);
      const healthy = (await Promise.all(nodes.map((n) => fetch(`http://127.0.0.1:${n.httpPort}/healthz`)))).every((r) => r.ok);
      return leaders.size === 1 && !leaders.has(undefined) && leaders.has('') === false && sized && healthy;
    },
    45_000,
  );

  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  pool = new pg.Pool({ connectionString: dbUrl, max: 12 });
  pool.on('error', () => undefined); // DROP DATABASE ... WITH (FORCE) ends connections on purpose
  await createOutboxTables(pgSqlClient(pool), SCHEMA);
  // What the handlers did, committed with processed_events: a second application would raise n.
  await pool.query(`CREATE TABLE ${SCHEMA}.applied (consumer text NOT NULL, event_id text NOT NULL, n int NOT NULL DEFAULT 1, PRIMARY KEY (consumer, event_id))`);
}, 120_000);

afterAll(async () => {
  // CLUSTER_NOTES=1 shows them on success too, to see where the time after the kill goes.
  if (!passed || process.env.CLUSTER_NOTES) console.log(notes.join('\n'));
  if (!passed) {
    for (const node of nodes.filter((n) => existsSync(n.log))) {
      console.log(`${node.name}'s log, last lines:\n${readFileSync(node.log, 'utf8').split('\n').slice(-25).join('\n')}`);
    }
  }
  await Promise.all(stoppers.splice(0).map((s) => s.stop().catch(() => undefined)));
  await Promise.all(connections.splice(0).map((nc) => nc.close().catch(() => undefined)));
  for (const node of nodes) {
    if (node.proc && node.proc.exitCode === null && node.proc.signalCode === null) {
      const exited = new Promise((r) => node.proc!.once('exit', r));
      node.proc.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5_000)))]);
      clearTimeout(timer);
      if (node.proc.exitCode === null && node.proc.signalCode === null) node.proc.kill('SIGKILL');
    }
  }
  await pool?.end().catch(() => undefined);
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin?.end().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

test('three NATS nodes, one killed mid-stream: every event reaches every handler exactly once', async () => {
  const started = Date.now();
  const all = nodes.map(url);
  const db: SqlClient = pgSqlClient(pool!);
  const setup = await connection(natsServers(all.join(','))!);
  const jsm: JetStreamManager = await jetstreamManager(setup);

  // The deployment's NATS_URL form: the three servers, comma-separated.
  await ensureEventStream(jsm, { ...bus, streamSettings });
  const created = await jsm.streams.info(bus.stream);
  expect(created.config.num_replicas).toBe(3);
  const leaderName = await until('a stream leader with two current replicas', async () => {
    const { cluster } = await jsm.streams.info(bus.stream);
    return cluster?.leader && cluster.replicas?.length === 2 && cluster.replicas.every((r) => r.current) ? cluster.leader : undefined;
  });
  const victim = nodes.find((n) => n.name === leaderName)!;
  const others = nodes.filter((n) => n !== victim);

  // An existing one-replica stream is raised to three by the same call with the settings.
  const raised = { prefix: `r${tag}.`, stream: `T_RAISED_${tag}` };
  await ensureEventStream(jsm, raised);
  expect((await jsm.streams.info(raised.stream)).config.num_replicas).toBe(1);
  await jsm.consumers.add(raised.stream, { durable_name: 'existing', ack_policy: AckPolicy.Explicit });
  await ensureEventStream(jsm, { ...raised, streamSettings });
  expect((await jsm.streams.info(raised.stream)).config.num_replicas).toBe(3);
  // Its durable consumers follow: their state is on three nodes too.
  await until('the raised stream and its consumer on three nodes', async () => {
    const [stream, consumer] = await Promise.all([jsm.streams.info(raised.stream), jsm.consumers.info(raised.stream, 'existing')]);
    notes.push(`raised: stream replicas ${stream.cluster?.replicas?.length}, consumer replicas ${consumer.cluster?.replicas?.length}`);
    return stream.cluster?.replicas?.length === 2 && consumer.cluster?.replicas?.length === 2;
  });

  let killedAt = 0;
  // Handler runs on a second delivery: the first copy was lost with the node before it was handled.
  const redelivered = new Map<string, number>();
  const note = (level: string) => (msg: string, meta?: Record<string, unknown>) =>
    notes.push(`${killedAt ? 'after kill' : 'before kill'} +${Date.now() - (killedAt || started)} ms ${level}: ${msg} ${typeof meta?.error === 'string' ? meta.error : ''}`);
  const diag = { info: note('info'), warn: note('warn'), error: note('error') };

  // The relay talks to the node about to die first; consumer replicas to it and to another.
  const relayNc = await connection([url(victim), ...others.map(url)], true);
  const relay = new OutboxRelay({ nc: relayNc, db, schema: SCHEMA, ...bus, streamSettings, listenUrl: dbUrl, pollMs: 50, retryMs: 200, logger: diag });
  stoppers.push(relay);

  const consumer = async (name: string, servers: string[]) => {
    const c = new EventConsumer({
      nc: await connection(servers, true),
      service: 'cluster',
      name,
      ...bus,
      streamSettings,
      db: { client: db, schema: SCHEMA },
      // A lost ack comes back after this long, and processed_events turns it away.
      ackWaitMs: 4_000,
      retryDelaysMs: [200],
      logger: diag,
    }).on(TYPE, async (event, ctx) => {
      if (ctx.deliveryCount > 1) redelivered.set(name, (redelivered.get(name) ?? 0) + 1);
      await ctx.tx!.$executeRawUnsafe(
        `INSERT INTO ${SCHEMA}.applied (consumer, event_id) VALUES ($1, $2) ON CONFLICT (consumer, event_id) DO UPDATE SET n = applied.n + 1`,
        ctx.consumer,
        event.id,
      );
    });
    await c.start();
    stoppers.push(c);
    return c;
  };
  // `projection` runs as two replicas sharing the durable (each takes a part of the events).
  await consumer('projection', [url(victim), ...others.map(url)]);
  await consumer('projection', [url(others[0]), url(others[1]), url(victim)]);
  await consumer('mailer', [url(others[1]), url(victim), url(others[0])]);
  await relay.start();

  const applied = async (consumer: string) =>
    Number((await pool!.query<{ n: string }>(`SELECT count(*) AS n FROM ${SCHEMA}.applied WHERE consumer = $1`, [consumer])).rows[0].n);

  // Writers commit events in small transactions, as services do, while the relay publishes them.
  const ids: string[] = [];
  let appliedAtKill = 0;
  for (let i = 0; i < EVENTS; i += 5) {
    const batch = await db.$transaction(async (tx) => {
      const out: string[] = [];
      for (let j = i; j < Math.min(i + 5, EVENTS); j++) out.push((await addToOutbox(tx, SCHEMA, { type: TYPE, payload: { n: j } })).id);
      return out;
    });
    ids.push(...batch);
    if (!killedAt && ids.length >= EVENTS / 3) {
      // Mid-stream: some events handled, some published and in flight, some not yet published.
      await until('the first events handled before the kill', async () => (await applied('cluster-projection')) >= 20);
      appliedAtKill = await applied('cluster-projection');
      const exited = new Promise((r) => victim.proc!.once('exit', r));
      victim.proc!.kill('SIGKILL');
      await exited;
      killedAt = Date.now();
    }
    await new Promise((r) => setImmediate(r));
  }
  expect(killedAt).toBeGreaterThan(0);
  expect(appliedAtKill).toBeLessThan(EVENTS);

  // Every event published once the cluster has a new leader, and handled by both consumers.
  await until('every outbox row published', async () => Number((await pool!.query(`SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE published_at IS NULL`)).rows[0].n) === 0, 40_000);
  const publishedAt = Date.now();
  const handledAt: Record<string, number> = {};
  for (const name of ['cluster-projection', 'cluster-mailer']) {
    await until(`${name} handled all ${EVENTS} events`, async () => {
      const n = await applied(name);
      notes.push(`${Date.now() - killedAt} progress ${name} ${n}`);
      return n === EVENTS;
    }, 40_000);
    handledAt[name] = Date.now() - killedAt;
  }
  // Nothing left to hand out: whatever the server still redelivers would show up below.
  const check = await connection(others.map(url));
  const checkJsm = await jetstreamManager(check);
  for (const durable of ['cluster-projection', 'cluster-mailer']) {
    await until(`${durable} has nothing pending or unacknowledged`, async () => {
      const info = await checkJsm.consumers.info(bus.stream, durable);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
  }

  const { rows } = await pool!.query<{ consumer: string; event_id: string; n: number }>(`SELECT consumer, event_id, n FROM ${SCHEMA}.applied`);
  for (const name of ['cluster-projection', 'cluster-mailer']) {
    const mine = rows.filter((r) => r.consumer === name);
    const seen = new Set(mine.map((r) => r.event_id));
    expect({ name, missing: ids.filter((id) => !seen.has(id)) }).toEqual({ name, missing: [] });
    expect({ name, twice: mine.filter((r) => r.n !== 1).map((r) => r.event_id) }).toEqual({ name, twice: [] });
    expect({ name, unknown: mine.filter((r) => !ids.includes(r.event_id)).length }).toEqual({ name, unknown: 0 });
  }
  // The stream itself holds each event once (the relay's re-publications were dropped by msgID).
  const info = await checkJsm.streams.info(bus.stream);
  expect(info.state.messages).toBe(EVENTS);
  expect(info.cluster?.leader).not.toBe(victim.name);

  console.log(
    `cluster test: ${EVENTS} events; ${victim.name} (stream leader) killed after ${appliedAtKill} were handled, ` +
      `${killedAt - started} ms in; all published ${publishedAt - killedAt} ms after the kill, handled ${JSON.stringify(handledAt)}; ` +
      `handled on a redelivery (first copy lost with the node): ${JSON.stringify(Object.fromEntries(redelivered))}; total ${Date.now() - started} ms`,
  );
  passed = true;
}, 120_000);

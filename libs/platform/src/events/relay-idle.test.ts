import { randomBytes, randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { addToOutbox, ensureEventStream, OutboxRelay, outboxChannel, pgSqlClient, silentLogger, type SqlClient } from './index.js';
import { createOutboxTables, waitForEvent } from './testing.js';

// An idle relay (issue 27): it waits for a committed row's notification instead of polling, and
// its fallback poll backs off; a notification that never came, or a lost LISTEN connection, still
// ends with the event published.

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = 'nats://127.0.0.1:4222';
const SCHEMA = 'svc';
const tag = randomBytes(4).toString('hex');
const dbName = `t_relay_idle_${tag}`;
const dbUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const bus = { prefix: `t${tag}.`, stream: `T_RELAY_IDLE_${tag}` };
/** Longer than any wait below: an event published within one came by its notification, not the poll. */
const NEVER_MS = 10 * 60_000;
const WAIT_MS = 60_000;

let admin: pg.Client;
let pool: pg.Pool;
let db: SqlClient;
let nc: NatsConnection;
const relays: OutboxRelay[] = [];

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The relay's database client, counting the batches it runs (one transaction each). */
function counted(): { client: SqlClient; batches: () => number } {
  let batches = 0;
  const client: SqlClient = {
    $queryRawUnsafe: (sql, ...values) => db.$queryRawUnsafe(sql, ...values),
    $executeRawUnsafe: (sql, ...values) => db.$executeRawUnsafe(sql, ...values),
    $transaction: (fn, options) => {
      batches++;
      return db.$transaction(fn, options);
    },
  };
  return { client, batches: () => batches };
}

async function startRelay(options: Partial<ConstructorParameters<typeof OutboxRelay>[0]>): Promise<OutboxRelay> {
  const relay = new OutboxRelay({ nc, db, schema: SCHEMA, ...bus, listenUrl: dbUrl, logger: silentLogger, ...options });
  relays.push(relay);
  await relay.start();
  return relay;
}

const addEvent = (type: string) => db.$transaction((tx) => addToOutbox(tx, SCHEMA, { type, payload: { at: Date.now() } }));

async function isPublished(id: string): Promise<boolean> {
  const { rows } = await pool.query(`SELECT 1 FROM ${SCHEMA}.outbox_events WHERE id = $1 AND published_at IS NOT NULL`, [id]);
  return rows.length === 1;
}

/** Pids of the connections listening for the schema's outbox. */
async function listeners(): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query = $2`,
    [dbName, `LISTEN "${outboxChannel(SCHEMA)}"`],
  );
  return rows.map((r) => r.pid);
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  pool.on('error', () => undefined); // DROP DATABASE ... WITH (FORCE) ends connections on purpose
  db = pgSqlClient(pool);
  await createOutboxTables(db, SCHEMA);
  nc = await connect({ servers: NATS_URL });
  await ensureEventStream(await jetstreamManager(nc), bus);
});

afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop()));
});

afterAll(async () => {
  await (await jetstreamManager(nc)).streams.delete(bus.stream).catch(() => undefined);
  await nc?.close();
  await pool?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin?.end();
});

test('a listening relay with nothing to publish polls less and less often', async () => {
  const { client, batches } = counted();
  // At a fixed 20 ms pace two seconds would be about a hundred batches; doubling to 400 ms, about ten.
  await startRelay({ db: client, pollMs: 20, idlePollMaxMs: 400 });
  await sleep(2_000);
  expect(batches()).toBeLessThan(30);
  // Without LISTEN nothing else would bring a new row: the pace stays fixed.
  const { client: polling, batches: polled } = counted();
  await startRelay({ db: polling, pollMs: 20, idlePollMaxMs: 400, listenUrl: undefined });
  await until(async () => polled() >= 30);
});

test('a row committed while the relay idles is published on its notification, without waiting for the poll', async () => {
  await startRelay({ pollMs: NEVER_MS });
  await sleep(300); // its first batch found nothing: it sleeps until a notification
  const first = await addEvent('idle.woken');
  await until(() => isPublished(first.id));
  expect((await waitForEvent(nc, { ...bus, type: 'idle.woken', match: (e) => e.id === first.id })).id).toBe(first.id);
  // And again after publishing, when it sleeps once more.
  await sleep(300);
  const second = await addEvent('idle.woken');
  await until(() => isPublished(second.id));
});

test('a row whose notification never came is published by the fallback poll', async () => {
  await startRelay({ pollMs: 50, idlePollMaxMs: 500 });
  await sleep(1_000); // backed off
  // Written without pg_notify, as if the notification had been lost.
  const id = randomUUID();
  await pool.query(`INSERT INTO ${SCHEMA}.outbox_events (id, subject, payload) VALUES ($1, 'idle.unannounced', '{}'::jsonb)`, [id]);
  await until(() => isPublished(id));
  expect((await waitForEvent(nc, { ...bus, type: 'idle.unannounced', match: (e) => e.id === id })).id).toBe(id);
});

test('a relay whose LISTEN connection is cut listens again, and publishes what came meanwhile', async () => {
  await startRelay({ pollMs: NEVER_MS, retryMs: 100 });
  const [cut] = await until(async () => {
    const pids = await listeners();
    return pids.length === 1 && pids;
  });
  await pool.query('SELECT pg_terminate_backend($1)', [cut]);
  // Its notification goes to nobody: the relay looks once it has noticed, or once it listens again.
  const meanwhile = await addEvent('idle.deaf');
  const [again] = await until(async () => {
    const pids = await listeners();
    return pids.length === 1 && pids[0] !== cut && pids;
  });
  expect(again).not.toBe(cut);
  await until(() => isPublished(meanwhile.id));
  // Heard on the new connection (the poll is minutes away).
  const after = await addEvent('idle.deaf');
  await until(() => isPublished(after.id));
});

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import {
  addToOutbox,
  ensureEventStream,
  EventConsumer,
  eventSubject,
  handOffEvent,
  newEnvelope,
  OutboxRelay,
  pgSqlClient,
  publishEvent,
  silentLogger,
  subscribe,
  type EventEnvelope,
  type SqlClient,
} from './index.js';
import { createOutboxTables, readStoredEvents, waitForEvent } from './testing.js';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = 'nats://127.0.0.1:4222';
const SCHEMA = 'svc';
const tag = randomBytes(4).toString('hex');
const dbName = `t_events_${tag}`;
const dbUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const prefix = `t${tag}.`;
const stream = `T_EVENTS_${tag}`;
const bus = { prefix, stream };

let admin: pg.Client;
let pool: pg.Pool;
let db: SqlClient;
let nc: NatsConnection;
let jsm: JetStreamManager;
const stoppers: Array<{ stop(): Promise<void> }> = [];

async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function relay(extra: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}): OutboxRelay {
  const r = new OutboxRelay({ nc, db, schema: SCHEMA, ...bus, pollMs: 50, logger: silentLogger, ...extra });
  stoppers.push(r);
  return r;
}

function consumer(name: string, withDb = true): EventConsumer {
  const c = new EventConsumer({
    nc,
    service: 'svc',
    name,
    ...bus,
    db: withDb ? { client: db, schema: SCHEMA } : undefined,
    retryDelaysMs: [100],
    logger: silentLogger,
  });
  stoppers.push(c);
  return c;
}

async function storedCount(type: string): Promise<number> {
  const info = await jsm.streams.info(stream, { subjects_filter: eventSubject(type, prefix) });
  return info.state.subjects?.[eventSubject(type, prefix)] ?? 0;
}

async function count(sql: string, ...params: unknown[]): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(sql, params);
  return Number(rows[0].n);
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  pool = new pg.Pool({ connectionString: dbUrl, max: 20 });
  pool.on('error', () => undefined); // DROP DATABASE ... WITH (FORCE) ends connections on purpose
  db = pgSqlClient(pool);
  await createOutboxTables(db, SCHEMA);
  await pool.query(`CREATE TABLE ${SCHEMA}.things (event_id text PRIMARY KEY, n int NOT NULL DEFAULT 1)`);
  nc = await connect({ servers: NATS_URL });
  jsm = await jetstreamManager(nc);
  await ensureEventStream(jsm, bus);
});

afterEach(async () => {
  await Promise.all(stoppers.splice(0).map((s) => s.stop()));
});

afterAll(async () => {
  await jsm?.streams.delete(stream).catch(() => undefined);
  await nc?.close();
  await pool?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin?.end();
});

test('stream is created with file storage and a duplicate window of at least two minutes', async () => {
  const { config } = await jsm.streams.info(stream);
  expect(config.subjects).toEqual([`${prefix}events.>`]);
  expect(config.storage).toBe('file');
  expect(config.duplicate_window).toBeGreaterThanOrEqual(120e9);
  await ensureEventStream(jsm, bus); // idempotent
});

test('a committed event reaches the consumer once and is acked; a rolled-back one never leaves', async () => {
  const seen: EventEnvelope[] = [];
  const c = consumer('happy').on('happy.done', async (e) => {
    seen.push(e);
  });
  await c.start();
  await relay({ listenUrl: dbUrl }).start();

  const committed = await db.$transaction((tx) => addToOutbox(tx, SCHEMA, { type: 'happy.done', payload: { n: 1 }, requestId: 'r-1', source: 'svc' }));
  await expect(
    db.$transaction(async (tx) => {
      await addToOutbox(tx, SCHEMA, { type: 'happy.done', payload: { n: 2 } });
      throw new Error('business rule failed');
    }),
  ).rejects.toThrow('business rule failed');

  await until(() => seen.length === 1);
  await sleep(300);
  expect(seen).toEqual([committed]);
  expect(committed).toMatchObject({ type: 'happy.done', payload: { n: 1 }, requestId: 'r-1', source: 'svc' });
  expect(await storedCount('happy.done')).toBe(1);
  expect(await count(`SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE subject = 'happy.done'`)).toBe(1);
  await until(async () => (await jsm.consumers.info(stream, c.durable)).num_ack_pending === 0);
  const info = await jsm.consumers.info(stream, c.durable);
  expect(info.num_pending).toBe(0);
  expect(info.config.filter_subject).toBe(`${prefix}events.happy.done`);
  expect(await count(`SELECT count(*) AS n FROM ${SCHEMA}.processed_events WHERE event_id = $1`, committed.id)).toBe(1);
  expect(await count(`SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE published_at IS NULL`)).toBe(0);
});

test('a committed event reaches its handler through LISTEN/NOTIFY, without waiting for the poll', async () => {
  const arrivals = new Map<string, number>();
  await consumer('latency', false)
    .on('latency.listen', async (e) => void arrivals.set(e.id, performance.now()))
    .on('latency.poll', async (e) => void arrivals.set(e.id, performance.now()))
    .start();
  const measure = async (type: string) => {
    const samples: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const e = await db.$transaction((tx) => addToOutbox(tx, SCHEMA, { type, payload: { i } }));
      await until(() => arrivals.get(e.id), 20_000);
      samples.push(arrivals.get(e.id)! - started);
      await sleep(Math.random() * 30);
    }
    samples.sort((a, b) => a - b);
    return { median: samples[7].toFixed(1), max: samples[14].toFixed(1) };
  };
  // A poll of a minute: only the notification can bring these 15 events within the wait above.
  const listening = relay({ listenUrl: dbUrl, pollMs: 60_000 });
  await listening.start();
  const listen = await measure('latency.listen');
  await listening.stop();
  await relay({ pollMs: 100 }).start();
  const poll = await measure('latency.poll');
  // Speed is the benchmark's to judge; the figures are printed for whoever reads the run.
  console.log(`commit → handler latency (ms): LISTEN median ${listen.median} max ${listen.max}; 100 ms poll median ${poll.median} max ${poll.max}`);
});

test('a relay killed after claiming, then one killed after publishing: the event still arrives exactly once', async () => {
  const seen: string[] = [];
  const c = consumer('crash').on('crash.happened', async (e) => void seen.push(e.id));
  await c.start();

  const a = await db.$transaction((tx) => addToOutbox(tx, SCHEMA, { type: 'crash.happened', payload: { which: 'a' } }));
  const runChild = (crashAt: string) =>
    new Promise<{ signal: string | null; out: string }>((resolve, reject) => {
      const here = fileURLToPath(new URL('./__tests__/', import.meta.url));
      const child = spawn(process.execPath, ['--import', `${here}register-ts.mjs`, `${here}relay-child.ts`], {
        env: { ...process.env, DATABASE_URL: dbUrl, NATS_URL, SCHEMA, PREFIX: prefix, STREAM: stream, CRASH_AT: crashAt },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('exit', (_code, signal) => resolve({ signal, out }));
    });

  const first = await runChild('afterClaim');
  expect(first).toEqual({ signal: 'SIGKILL', out: `afterClaim ${a.id}\n` });
  expect(await storedCount('crash.happened')).toBe(0);
  expect(await count(`SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE id = $1 AND published_at IS NULL`, a.id)).toBe(1);

  const second = await runChild('afterPublish');
  expect(second).toEqual({ signal: 'SIGKILL', out: `afterPublish ${a.id}\n` });
  expect(await storedCount('crash.happened')).toBe(1);
  expect(await count(`SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE id = $1 AND published_at IS NULL`, a.id)).toBe(1);

  const b = await db.$transaction((tx) => addToOutbox(tx, SCHEMA, { type: 'crash.happened', payload: { which: 'b' } }));
  await relay().start();
  await until(() => seen.length === 2);
  await sleep(300);
  expect(seen).toEqual([a.id, b.id]);
  expect(await storedCount('crash.happened')).toBe(2); // the republished copy of a was dropped
  expect(await count(`SELECT count(*) AS n FROM ${SCHEMA}.outbox_events WHERE published_at IS NULL`)).toBe(0);
}, 120_000);

test('a handler that throws is retried after a delay; its writes count once', async () => {
  const attempts: number[] = [];
  await consumer('flaky')
    .on('flaky.thing', async (e, ctx) => {
      attempts.push(ctx.deliveryCount);
      await ctx.tx!.$executeRawUnsafe(`INSERT INTO ${SCHEMA}.things (event_id) VALUES ($1)`, e.id);
      if (ctx.deliveryCount === 1) throw new Error('transient');
    })
    .start();
  await relay().start();
  const e = await db.$transaction((tx) => addToOutbox(tx, SCHEMA, { type: 'flaky.thing', payload: {} }));
  await until(() => attempts.length === 2);
  await sleep(300);
  expect(attempts).toEqual([1, 2]);
  expect(await count(`SELECT count(*) AS n FROM ${SCHEMA}.things WHERE event_id = $1`, e.id)).toBe(1);
  expect(await count(`SELECT count(*) AS n FROM ${SCHEMA}.processed_events WHERE consumer = 'svc-flaky'`)).toBe(1);
});

test('the same event delivered twice changes state once (database mode) and twice reaches a plain handler', async () => {
  const handled: string[] = [];
  const plain: string[] = [];
  await consumer('twice')
    .on('twice.sent', async (e, ctx) => {
      handled.push(e.id);
      await ctx.tx!.$executeRawUnsafe(
        `INSERT INTO ${SCHEMA}.things (event_id) VALUES ($1) ON CONFLICT (event_id) DO UPDATE SET n = things.n + 1`,
        e.id,
      );
    })
    .start();
  await consumer('twice-plain', false).on('twice.sent', async (e) => void plain.push(e.id)).start();

  const envelope = await publishEvent(nc, { type: 'twice.sent', payload: { x: 1 } }, { prefix });
  await publishEvent(nc, envelope, { prefix, msgID: `${envelope.id}-again` }); // escapes server de-duplication
  expect(await storedCount('twice.sent')).toBe(2);
  await until(() => plain.length === 2);
  await until(async () => (await jsm.consumers.info(stream, 'svc-twice')).num_pending + (await jsm.consumers.info(stream, 'svc-twice')).num_ack_pending === 0);
  expect(handled).toEqual([envelope.id]);
  expect(await count(`SELECT n FROM ${SCHEMA}.things WHERE event_id = $1`, envelope.id)).toBe(1);
});

test('an event handed off after commit is applied before the producer goes on; the JetStream copy changes nothing', async () => {
  const handled: Array<{ id: string; deliveryCount: number }> = [];
  await consumer('handoff')
    .on('handoff.done', async (e, ctx) => {
      handled.push({ id: e.id, deliveryCount: ctx.deliveryCount });
      await ctx.tx!.$executeRawUnsafe(
        `INSERT INTO ${SCHEMA}.things (event_id) VALUES ($1) ON CONFLICT (event_id) DO UPDATE SET n = things.n + 1`,
        e.id,
      );
    })
    .start();
  // The relay is not running yet: only the hand-off can have applied the event when it returns.
  const envelope = await db.$transaction((tx) => addToOutbox(tx, SCHEMA, { type: 'handoff.done', payload: { x: 1 } }));
  const [result] = await handOffEvent(nc, envelope, ['svc-handoff'], { prefix, logger: silentLogger });
  expect(result).toMatchObject({ consumer: 'svc-handoff', outcome: 'applied' });
  expect(await count(`SELECT n FROM ${SCHEMA}.things WHERE event_id = $1`, envelope.id)).toBe(1);
  expect(handled).toEqual([{ id: envelope.id, deliveryCount: 0 }]);

  // Handed off again (a retried request) and then delivered by JetStream: both are no-ops.
  expect((await handOffEvent(nc, envelope, ['svc-handoff'], { prefix, logger: silentLogger }))[0].outcome).toBe('duplicate');
  await relay().start();
  await until(async () => {
    const info = await jsm.consumers.info(stream, 'svc-handoff');
    return info.delivered.stream_seq > 0 && info.num_pending + info.num_ack_pending === 0;
  });
  expect(handled).toHaveLength(1);
  expect(await count(`SELECT n FROM ${SCHEMA}.things WHERE event_id = $1`, envelope.id)).toBe(1);
});

test('a hand-off nobody takes answers at once; one that fails leaves the event to JetStream', async () => {
  // Not in the stream yet: a JetStream delivery must not race the hand-off below.
  const envelope = newEnvelope({ type: 'handoff.lost', payload: {} });
  // 'unreachable', not 'timeout': NATS said at once that nobody listens, the hand-off did not wait.
  const [nobody] = await handOffEvent(nc, envelope, ['svc-not-running'], { prefix, logger: silentLogger });
  expect(nobody.outcome).toBe('unreachable');

  let attempts = 0;
  await consumer('handoff-fails')
    .on('handoff.lost', async (_e, ctx) => {
      attempts++;
      if (ctx.deliveryCount === 0) throw new Error('database busy');
    })
    .start();
  const [failed] = await handOffEvent(nc, envelope, ['svc-handoff-fails'], { prefix, logger: silentLogger });
  expect(failed.outcome).toBe('failed');
  await publishEvent(nc, envelope, { prefix });
  // The durable path still applies it (the consumer reads the stream from its start).
  await until(async () => (await count(`SELECT count(*) AS n FROM ${SCHEMA}.processed_events WHERE consumer = 'svc-handoff-fails' AND event_id = $1`, envelope.id)) === 1);
  expect(attempts).toBe(2);
});

test('two relays at once publish every event once, in outbox order', async () => {
  const received: number[] = [];
  await consumer('order', false).on('order.step', async (e) => void received.push((e.payload as { n: number }).n)).start();
  let n = 0;
  const write = async (size: number) => {
    await db.$transaction(async (tx) => {
      for (let i = 0; i < size; i++) await addToOutbox(tx, SCHEMA, { type: 'order.step', payload: { n: n++ } });
    });
  };
  await write(50); // waiting before the relays start
  await Promise.all([relay({ pollMs: 5, batchSize: 7 }).start(), relay({ pollMs: 5, batchSize: 7 }).start()]);
  for (let i = 0; i < 30; i++) await write(5);
  await until(() => received.length >= 200, 10_000);
  await sleep(200);
  const expected = Array.from({ length: 200 }, (_, i) => i);
  const stored = await readStoredEvents<{ n: number }>(nc, { ...bus, type: 'order.step' });
  expect(stored.map((e) => e.payload.n).join(',')).toEqual(expected.join(','));
  expect(received.join(',')).toEqual(expected.join(','));
}, 120_000);

test('waitForEvent finds a stored event', async () => {
  const e = await publishEvent(nc, { type: 'wait.for', payload: { k: 'v' } }, { prefix });
  const found = await waitForEvent(nc, { ...bus, type: 'wait.for', match: (x) => x.id === e.id, timeoutMs: 2000 });
  expect(found).toEqual(e);
  await expect(waitForEvent(nc, { ...bus, type: 'wait.never', timeoutMs: 300 })).rejects.toThrow('no "wait.never" event');
});

test('start-up refuses a second handler for one event type, and a durable consumer running twice', async () => {
  const c = consumer('guard').on('guard.one', async () => undefined);
  expect(() => c.on('guard.one', async () => undefined)).toThrow('already has a handler');
  await c.start();
  await expect(consumer('guard').on('guard.one', async () => undefined).start()).rejects.toThrow('already running');
  await expect(consumer('empty').start()).rejects.toThrow('no handlers');
});

test('one consumer with several types gets the narrowest single filter nats-server 2.9 accepts', () => {
  const make = (...types: string[]) => {
    const c = new EventConsumer({ nc, service: 'svc', name: 'filter', prefix: 'p.' });
    for (const t of types) c.on(t, async () => undefined);
    return c.filterSubject();
  };
  expect(make('user.banned')).toBe('p.events.user.banned');
  expect(make('user.banned', 'user.verified')).toBe('p.events.user.>');
  expect(make('user.banned', 'property.approved')).toBe('p.events.>');
});

test('subscribe() starts a one-handler consumer; stop() lets the handler in flight finish and ack', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let finished = false;
  const c = await subscribe({ nc, service: 'svc', name: 'slow', ...bus, logger: silentLogger }, 'slow.job', async () => {
    await gate;
    finished = true;
  });
  await publishEvent(nc, { type: 'slow.job', payload: {} }, { prefix });
  await until(async () => (await jsm.consumers.info(stream, 'svc-slow')).num_ack_pending === 1);
  const stopping = c.stop();
  setTimeout(release, 100);
  await stopping;
  expect(finished).toBe(true);
  const info = await jsm.consumers.info(stream, 'svc-slow');
  expect(info.num_ack_pending + info.num_pending).toBe(0);
});

test('handlers are typed by an event map (compile-time check)', () => {
  interface Events {
    'user.banned': { userId: string; reason?: string };
  }
  const c = new EventConsumer<Events>({ nc, service: 'svc', name: 'typed', ...bus });
  c.on('user.banned', async (e) => void e.payload.userId.toUpperCase());
  // @ts-expect-error: not an event of the map
  expect(() => c.on('user.unknown', async () => undefined)).not.toThrow();
});

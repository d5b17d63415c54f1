import { randomBytes, randomUUID } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { ALL_EVENT_TYPES, EVENT_CONTRACTS, EventContractError, type EventPayloads } from '@mboa/contracts';
import {
  addToOutbox,
  dropParked,
  ensureEventStream,
  EVENT_DELIVERY,
  EventConsumer,
  handOffEvent,
  isLastDelivery,
  listParked,
  listParkedActions,
  newEnvelope,
  parkedStreamName,
  pgSqlClient,
  publishEvent,
  replayAllParked,
  replayParked,
  retryDelay,
  silentLogger,
  type EventConsumerOptions,
  type EventEnvelope,
  type SqlClient,
} from './index.js';
import { runEventsCommand } from './parked-cli.js';
import { createOutboxTables } from './testing.js';
import { eventLagMetrics } from '../metrics/event-lag.js';
import { eventsParked } from '../metrics/standard.js';
import { PAST_EVENTS } from './__tests__/event-samples.js';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = 'nats://127.0.0.1:4222';
const SCHEMA = 'svc';
const tag = randomBytes(4).toString('hex');
const dbName = `t_parking_${tag}`;
const prefix = `p${tag}.`;
const stream = `T_PARKING_${tag}`;
const bus = { prefix, stream };

let admin: pg.Client;
let pool: pg.Pool;
let db: SqlClient;
let nc: NatsConnection;
let jsm: JetStreamManager;
const stoppers: Array<{ stop(): Promise<void> }> = [];

async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Small delays and a bound of 3 deliveries, so a test sees parking without waiting the production hours. */
function consumer(name: string, extra: Partial<EventConsumerOptions> = {}): EventConsumer<EventPayloads & Record<string, unknown>> {
  const c = new EventConsumer<EventPayloads & Record<string, unknown>>({
    nc,
    service: 'svc',
    name,
    ...bus,
    db: { client: db, schema: SCHEMA },
    retryDelaysMs: [50, 100],
    maxDeliveries: 3,
    minRetryMs: 0,
    logger: silentLogger,
    ...extra,
  });
  stoppers.push(c);
  return c;
}

async function processed(consumerName: string, eventId: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${SCHEMA}.processed_events WHERE consumer = $1 AND event_id = $2`, [
    consumerName,
    eventId,
  ]);
  return Number(rows[0].n);
}

async function parkedCount(labels: { consumer: string; reason: string; type: string }): Promise<number> {
  const metric = await eventsParked.get();
  return metric.values.find((v) => v.labels.consumer === labels.consumer && v.labels.reason === labels.reason && v.labels.type === labels.type)?.value ?? 0;
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:5432/${dbName}`, max: 10 });
  pool.on('error', () => undefined); // DROP DATABASE ... WITH (FORCE) ends connections on purpose
  db = pgSqlClient(pool);
  await createOutboxTables(db, SCHEMA);
  nc = await connect({ servers: NATS_URL });
  jsm = await jetstreamManager(nc);
  await ensureEventStream(jsm, bus);
});

afterEach(async () => {
  await Promise.all(stoppers.splice(0).map((s) => s.stop()));
});

afterAll(async () => {
  await jsm?.streams.delete(stream).catch(() => undefined);
  await jsm?.streams.delete(parkedStreamName(stream)).catch(() => undefined);
  await nc?.close();
  await pool?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin?.end();
});

test('a handler that always throws parks its event after the bound, and the events behind it go on', async () => {
  let mended = false;
  const attempts = new Map<string, number>();
  const applied: string[] = [];
  const c = consumer('poison').on('order.placed', async (e) => {
    const n = (e.payload as { n: number }).n;
    attempts.set(e.id, (attempts.get(e.id) ?? 0) + 1);
    if (n === 1 && !mended) throw new Error('the stock service refused order 1');
    applied.push(String(n));
  });
  await c.start();

  const poison = await publishEvent(nc, { type: 'order.placed', payload: { n: 1 } }, { prefix });
  for (const n of [2, 3, 4]) await publishEvent(nc, { type: 'order.placed', payload: { n } }, { prefix });

  // The events behind the poison one are applied while it is still being retried.
  await until(() => applied.length === 3, 'the three good events applied');
  expect(applied).toEqual(['2', '3', '4']);

  const [parked] = await until(async () => {
    const list = await listParked(nc, bus);
    return list.length > 0 && list;
  }, 'the poison event parked');
  expect(parked).toMatchObject({
    consumer: 'svc-poison',
    reason: 'failed',
    deliveryCount: 3,
    error: { message: 'the stock service refused order 1' },
    envelope: { id: poison.id, type: 'order.placed', payload: { n: 1 } },
  });
  expect(parked.error.stack).toContain('the stock service refused order 1');
  expect(attempts.get(poison.id)).toBe(3);
  expect(await processed('svc-poison', poison.id)).toBe(0);
  expect(await parkedCount({ consumer: 'svc-poison', reason: 'failed', type: 'order.placed' })).toBe(1);
  // What the gateway serves from JetStream: the parked events still waiting, by consumer.
  const waiting = eventLagMetrics(() => nc, stream);
  expect(await waiting.render()).toContain('mboa_events_parked{consumer="svc-poison"} 1');

  // Parked means done for JetStream: nothing is pending or redelivered any more.
  await until(async () => {
    const info = await jsm.consumers.info(stream, 'svc-poison');
    return info.num_ack_pending === 0 && info.num_pending === 0;
  }, 'the consumer has nothing left in hand');
  await new Promise((r) => setTimeout(r, 500));
  expect(attempts.get(poison.id)).toBe(3);

  // Mended, a replay hands it to this consumer and it is applied once; the parked record goes.
  mended = true;
  const replay = await replayParked(nc, parked.id, 'ops-awa', bus);
  expect(replay).toEqual({ id: parked.id, consumer: 'svc-poison', outcome: 'applied' });
  expect(applied).toEqual(['2', '3', '4', '1']);
  expect(await processed('svc-poison', poison.id)).toBe(1);
  expect(await listParked(nc, bus)).toEqual([]);
  await until(async () => !(await eventLagMetrics(() => nc, stream).render()).includes('mboa_events_parked{consumer="svc-poison"}'), 'no longer counted');
  expect(await replayParked(nc, parked.id, 'ops-awa', bus)).toMatchObject({ outcome: 'not-found' });

  // Delivered again through the hand-off path, the applied event changes nothing.
  expect((await handOffEvent(nc, poison, ['svc-poison'], { prefix, logger: silentLogger }))[0].outcome).toBe('duplicate');
  expect(applied).toEqual(['2', '3', '4', '1']);

  const actions = await listParkedActions(nc, { ...bus, consumer: 'svc-poison' });
  expect(actions).toEqual([
    expect.objectContaining({ action: 'replayed', parkedId: parked.id, eventId: poison.id, type: 'order.placed', by: 'ops-awa', outcome: 'applied' }),
  ]);
});

test('a replay while the handler still fails keeps the event parked, and says why; drop removes it', async () => {
  const c = consumer('still-broken').on('invoice.sent', async () => {
    throw new Error('mailer down');
  });
  await c.start();
  const event = await publishEvent(nc, { type: 'invoice.sent', payload: { n: 1 } }, { prefix });
  const [parked] = await until(async () => {
    const list = await listParked(nc, { ...bus, consumer: 'svc-still-broken' });
    return list.length > 0 && list;
  }, 'the event parked');

  const result = await replayParked(nc, parked.id, 'ops-awa', bus);
  expect(result).toEqual({ id: parked.id, consumer: 'svc-still-broken', outcome: 'failed', error: 'mailer down' });
  expect(await listParked(nc, { ...bus, consumer: 'svc-still-broken' })).toHaveLength(1);

  // The operator's command, as `npm run events -- parked drop <id> --by ops-bea` runs it.
  const lines: string[] = [];
  const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  expect(await runEventsCommand(['parked', 'list', '--consumer', 'svc-still-broken'], nc, bus, io)).toBe(0);
  expect(lines[0]).toMatch(new RegExp(`^${parked.id}\\t.*svc-still-broken\\tinvoice.sent\\t${event.id}\\tfailed after 3 deliveries: mailer down$`));
  expect(await runEventsCommand(['parked', 'drop', String(parked.id), '--by', 'ops-bea'], nc, bus, io)).toBe(0);
  expect(await listParked(nc, { ...bus, consumer: 'svc-still-broken' })).toEqual([]);
  expect(await dropParked(nc, parked.id, 'ops-bea', bus)).toBe(false);

  const actions = await listParkedActions(nc, { ...bus, consumer: 'svc-still-broken' });
  expect(actions.map((a) => [a.action, a.by, a.eventId])).toEqual([
    ['replay-failed', 'ops-awa', event.id],
    ['dropped', 'ops-bea', event.id],
  ]);
  lines.length = 0;
  expect(await runEventsCommand(['parked', 'actions', '--consumer', 'svc-still-broken'], nc, bus, io)).toBe(0);
  expect(lines).toHaveLength(2);
  expect(await runEventsCommand(['parked', 'nonsense'], nc, bus, io)).toBe(2);
});

test('replay --all replays every parked event of a consumer once its handler is mended', async () => {
  let mended = false;
  const applied: number[] = [];
  const c = consumer('batch').on('batch.item', async (e) => {
    if (!mended) throw new Error('not yet');
    applied.push((e.payload as { n: number }).n);
  });
  await c.start();
  for (const n of [1, 2]) await publishEvent(nc, { type: 'batch.item', payload: { n } }, { prefix });
  await until(async () => (await listParked(nc, { ...bus, consumer: 'svc-batch' })).length === 2, 'both parked');
  mended = true;
  const results = await replayAllParked(nc, 'ops-awa', { ...bus, consumer: 'svc-batch' });
  expect(results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
  expect(applied.sort()).toEqual([1, 2]);
  expect(await listParked(nc, { ...bus, consumer: 'svc-batch' })).toEqual([]);
});

test('a replay to a consumer that is not running fails and keeps the event parked', async () => {
  const c = consumer('gone').on('gone.thing', async () => {
    throw new Error('broken');
  });
  await c.start();
  await publishEvent(nc, { type: 'gone.thing', payload: {} }, { prefix });
  const [parked] = await until(async () => {
    const list = await listParked(nc, { ...bus, consumer: 'svc-gone' });
    return list.length > 0 && list;
  }, 'parked');
  await c.stop();
  expect(await replayParked(nc, parked.id, 'ops-awa', bus)).toMatchObject({ outcome: 'failed', error: 'consumer svc-gone is not running' });
  expect(await listParked(nc, { ...bus, consumer: 'svc-gone' })).toHaveLength(1);
});

test('a hand-off whose handler fails parks nothing (its JetStream copy does the retrying)', async () => {
  const c = consumer('handoff').on('handoff.only', async () => {
    throw new Error('broken');
  });
  await c.start();
  // Handed over without being in the stream: only the hand-off path can see it.
  const envelope = newEnvelope({ type: 'handoff.only', payload: {} });
  const [result] = await handOffEvent(nc, envelope, ['svc-handoff'], { prefix, logger: silentLogger });
  expect(result.outcome).toBe('failed');
  await new Promise((r) => setTimeout(r, 300));
  expect(await listParked(nc, { ...bus, consumer: 'svc-handoff' })).toEqual([]);
});

test('a payload that breaks its contract is parked at once, never half-applied, and records nothing as processed', async () => {
  let calls = 0;
  const c = consumer('holds').on('property.held', async () => {
    calls++;
  });
  await c.start();
  // A producer bug from before contracts were checked: the count of reporters is missing.
  const bad: EventEnvelope = {
    id: randomUUID(),
    type: 'property.held',
    occurredAt: new Date().toISOString(),
    payload: { propertyId: 'p-1', holdId: 'h-1', reason: 'scam-reports', heldAt: new Date().toISOString() },
  };
  await publishEvent(nc, bad, { prefix });
  const [parked] = await until(async () => {
    const list = await listParked(nc, { ...bus, consumer: 'svc-holds' });
    return list.length > 0 && list;
  }, 'the invalid event parked');
  expect(parked).toMatchObject({ reason: 'invalid', deliveryCount: 1, envelope: { id: bad.id } });
  expect(parked.error.message).toContain('reporters');
  expect(calls).toBe(0);
  expect(await processed('svc-holds', bad.id)).toBe(0);
  expect(await parkedCount({ consumer: 'svc-holds', reason: 'invalid', type: 'property.held' })).toBe(1);
  // The hand-off path refuses it too, without applying anything.
  expect((await handOffEvent(nc, bad, ['svc-holds'], { prefix, logger: silentLogger }))[0].outcome).toBe('failed');
  expect(calls).toBe(0);
});

test('an undecodable message is parked with its bytes', async () => {
  const c = consumer('garbage').on('garbage.thing', async () => undefined);
  await c.start();
  const { jetstream } = await import('@nats-io/jetstream');
  await jetstream(nc).publish(`${prefix}events.garbage.thing`, 'not json at all');
  const [parked] = await until(async () => {
    const list = await listParked(nc, { ...bus, consumer: 'svc-garbage' });
    return list.length > 0 && list;
  }, 'parked');
  expect(parked).toMatchObject({ reason: 'undecodable', raw: 'not json at all' });
  expect(parked.envelope).toBeUndefined();
});

test('the outbox refuses a payload that breaks its contract: the producer transaction fails', async () => {
  const before = await pool.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.outbox_events`);
  await expect(
    db.$transaction((tx) => addToOutbox(tx, SCHEMA, { type: 'property.held', payload: { propertyId: 'p-1', reporters: 'three' } })),
  ).rejects.toBeInstanceOf(EventContractError);
  const after = await pool.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.outbox_events`);
  expect(after.rows[0]).toEqual(before.rows[0]);

  // A valid one is recorded with its contract version, which the relay will publish.
  const envelope = await db.$transaction((tx) =>
    addToOutbox(tx, SCHEMA, { type: 'password-reset.requested', payload: { email: 'awa@example.cm', requestHash: 'abc' } }),
  );
  expect(envelope.version).toBe(EVENT_CONTRACTS['password-reset.requested'].version);
  const { rows } = await pool.query<{ headers: { version: number } }>(`SELECT headers FROM ${SCHEMA}.outbox_events WHERE id = $1`, [envelope.id]);
  expect(rows[0].headers.version).toBe(2);
});

test('events recorded in every past version reach a real consumer in the current shape', async () => {
  const received = new Map<string, EventEnvelope>();
  // Under `events.>`, so it also reads the earlier tests' events; only those sent here are checked.
  const c = consumer('replayer');
  for (const type of ALL_EVENT_TYPES) {
    c.on(type, async (e) => {
      received.set(e.id, e);
    });
  }
  await c.start();
  const sent = new Map<string, (typeof PAST_EVENTS)[number]>();
  for (const past of PAST_EVENTS) {
    const envelope: EventEnvelope = { id: randomUUID(), type: past.type, occurredAt: new Date().toISOString(), payload: past.payload };
    if (past.version !== undefined) envelope.version = past.version;
    sent.set(envelope.id, past);
    await publishEvent(nc, envelope, { prefix });
  }
  await until(() => received.size === sent.size, 'every past event handled');
  for (const [id, past] of sent) {
    const got = received.get(id);
    expect({ name: past.name, payload: got?.payload, version: got?.version }).toEqual({
      name: past.name,
      payload: past.expected,
      version: EVENT_CONTRACTS[past.type].version,
    });
  }
  expect((await listParked(nc, { ...bus, consumer: 'svc-replayer' })).filter((p) => sent.has(p.envelope?.id ?? ''))).toEqual([]);
});

test('an event newer than this build is retried (a rolling upgrade), then parked like a failure', async () => {
  const c = consumer('future').on('password.changed', async () => undefined);
  await c.start();
  const newer: EventEnvelope = {
    id: randomUUID(),
    type: 'password.changed',
    occurredAt: new Date().toISOString(),
    payload: { userId: 'u-1', changedAt: new Date().toISOString() },
    version: EVENT_CONTRACTS['password.changed'].version + 1,
  };
  await publishEvent(nc, newer, { prefix });
  const [parked] = await until(async () => {
    const list = await listParked(nc, { ...bus, consumer: 'svc-future' });
    return list.length > 0 && list;
  }, 'parked');
  expect(parked).toMatchObject({ reason: 'failed', deliveryCount: 3 });
  expect(parked.error.message).toContain('newer than this build');
});

test('the bound: at least maxDeliveries, over at least minRetryMs of waiting', () => {
  // The defaults: the 8th failed delivery is the last (1 h 50 min of waits).
  expect([7, 8].map((n) => isLastDelivery(n, EVENT_DELIVERY))).toEqual([false, true]);
  // Quick retries of a consumer's own keep going until an hour has been waited.
  const quick = { ...EVENT_DELIVERY, retryDelaysMs: [200, 500, 1_000, 2_000, 5_000, 30_000] };
  expect(isLastDelivery(8, quick)).toBe(false);
  const last = Array.from({ length: 400 }, (_, i) => i + 1).find((n) => isLastDelivery(n, quick));
  // 8.7 s for the first five waits, then 30 s each: 125 waits reach the hour, so delivery 126 is the last.
  expect(last).toBe(126);
  // A schedule that never waits is bounded by the count alone.
  expect(isLastDelivery(8, { ...EVENT_DELIVERY, retryDelaysMs: [0] })).toBe(true);
  expect(retryDelay([1, 2], 1)).toBe(1);
  expect(retryDelay([1, 2], 9)).toBe(2);
});

// Traces across NATS requests, PostgreSQL and the event outbox, with the SDK's in-memory exporter
// (part of the OpenTelemetry SDK, not a mock), a small Nest service on the real NATS, and the real
// PostgreSQL. Tracing is started as an app does when OTEL_* variables are set.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { Pattern } from '@mboa/contracts';
import pg from 'pg';
import { addToOutbox, ensureEventStream, EventConsumer, OutboxRelay, pgSqlClient, silentLogger, type SqlClient } from '../events/index.js';
import { createOutboxTables } from '../events/testing.js';
import { createLogger } from '../logging/logger.js';
import { RpcCallError, RpcClient } from '../nats/rpc-client.js';
import { startMicroservice } from '../nats/microservice.js';
import { ServiceException } from '../nats/service-exception.js';
import { initTracing, logTraceIds, tracingConfigured, type Tracing } from './index.js';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const SCHEMA = 'svc';
const tag = randomBytes(4).toString('hex');
const dbName = `t_tracing_${tag}`;
const dbUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const prefix = `t${tag}.`;
const stream = `T_TRACING_${tag}`;

const exporter = new InMemorySpanExporter();
let tracing: Tracing | undefined;
let admin: pg.Client;
let pool: pg.Pool;
let db: SqlClient;
let app: INestMicroservice;
let rpc: RpcClient;
let nc: NatsConnection;
let jsm: JetStreamManager;

@Controller()
class TracedController {
  /** Reads and writes PostgreSQL, and records an event with its change, as a service's handler does. */
  @MessagePattern('traced.save')
  async save(payload: { n: number }) {
    const { rows } = await pool.query<{ n: number }>('SELECT $1::int + 1 AS n', [payload.n]);
    const event = await db.$transaction((tx) => addToOutbox(tx, SCHEMA, { type: 'traced.saved', payload: { n: rows[0].n }, source: 'traced' }));
    return { n: rows[0].n, ids: logTraceIds() ?? null, eventId: event.id };
  }

  @MessagePattern('traced.refused')
  refused(): never {
    throw new ServiceException(404, 'no such thing');
  }

  @MessagePattern('traced.broken')
  broken(): never {
    throw new Error('a bug inside the service');
  }
}

@Module({ controllers: [TracedController] })
class TracedModule {}

const call = <T>(pattern: string, payload: object) => rpc.call(pattern as Pattern, payload) as Promise<unknown> as Promise<T>;

async function until<T>(probe: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const spans = () => exporter.getFinishedSpans();
const named = (name: string) => spans().filter((s) => s.name === name);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

beforeAll(async () => {
  tracing = await initTracing('traced', { exporter });
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  pool = new pg.Pool({ connectionString: dbUrl, max: 5 });
  pool.on('error', () => undefined); // DROP DATABASE ... WITH (FORCE) ends connections on purpose
  db = pgSqlClient(pool);
  await createOutboxTables(db, SCHEMA);
  nc = await connect({ servers: NATS_URL });
  jsm = await jetstreamManager(nc);
  await ensureEventStream(jsm, { prefix, stream });
  app = await startMicroservice(TracedModule, { name: 'traced', natsUrl: NATS_URL, subjectPrefix: prefix, logger: false });
  rpc = new RpcClient({ servers: NATS_URL, subjectPrefix: prefix, timeoutMs: 10_000 });
  await rpc.connect();
});

afterAll(async () => {
  await rpc?.close();
  await app?.close();
  await jsm?.streams.delete(stream).catch(() => undefined);
  await nc?.close();
  await pool?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin?.end();
  await tracing?.shutdown();
});

beforeEach(() => exporter.reset());

test('tracing is configured only by the OTEL_* variables', () => {
  expect(tracingConfigured({})).toBe(false);
  expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
  expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
  expect(tracingConfigured({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
  expect(tracingConfigured({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
  expect(tracingConfigured({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
});

test('one request across NATS: a client span, a server span under it and PostgreSQL spans under that, in one trace; logs carry the ids', async () => {
  const reply = await call<{ n: number; ids: { trace_id: string; span_id: string } | null }>('traced.save', { n: 41 });
  expect(reply.n).toBe(42);

  const client = await until(() => named('send traced.save')[0]);
  const server = await until(() => named('process traced.save')[0]);
  expect(client.kind).toBe(SpanKind.CLIENT);
  expect(server.kind).toBe(SpanKind.SERVER);
  expect(server.spanContext().traceId).toBe(client.spanContext().traceId);
  expect(parentOf(server)).toBe(client.spanContext().spanId);
  expect(server.resource.attributes['service.name']).toBe('traced');

  // The handler's queries, by the pg instrumentation: in the same trace, below the server span.
  const inTrace = spans().filter((s) => s.spanContext().traceId === client.spanContext().traceId);
  const queries = inTrace.filter((s) => s.attributes['db.system.name'] === 'postgresql' || s.attributes['db.system'] === 'postgresql');
  expect(queries.length).toBeGreaterThan(0);
  const ids = new Map(inTrace.map((s) => [s.spanContext().spanId, s]));
  for (const query of queries) {
    let up = query;
    while (parentOf(up) && parentOf(up) !== server.spanContext().spanId) up = ids.get(parentOf(up)!)!;
    expect(parentOf(up)).toBe(server.spanContext().spanId);
  }
  // A log line written in the handler names the trace and the handler's span.
  expect(reply.ids).toEqual({ trace_id: server.spanContext().traceId, span_id: server.spanContext().spanId });
});

test('a log line carries trace_id and span_id while a span is active, and neither outside one', async () => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ name: 'traced', destination });
  logger.info('outside');
  await until(() => lines.length === 1);
  const { trace } = await import('@opentelemetry/api');
  trace.getTracer('test').startActiveSpan('inside', (span) => {
    logger.info('inside');
    span.end();
  });
  await until(() => lines.length === 2);
  const [outside, inside] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(outside).not.toHaveProperty('trace_id');
  const span = named('inside')[0];
  expect(inside).toMatchObject({ msg: 'inside', trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
});

test('an event recorded in the outbox and consumed: the consumer span links to the span that recorded it', async () => {
  const handled: number[] = [];
  const consumer = new EventConsumer({ nc, service: 'svc', name: 'tracer', prefix, stream, db: { client: db, schema: SCHEMA }, logger: silentLogger }).on(
    'traced.saved',
    async (event) => {
      handled.push((event.payload as { n: number }).n);
    },
  );
  await consumer.start();
  const relay = new OutboxRelay({ nc, db, schema: SCHEMA, prefix, stream, pollMs: 50, logger: silentLogger });
  await relay.start();
  try {
    const { eventId } = await call<{ eventId: string }>('traced.save', { n: 99 });
    await until(() => handled.includes(100));
    const server = await until(() => named('process traced.save')[0]);
    const consumed = await until(() => named('process traced.saved').find((s) => s.attributes['messaging.message.id'] === eventId));
    expect(consumed.kind).toBe(SpanKind.CONSUMER);
    // Its own trace (a consumer runs later, maybe more than once), linked to the recording span.
    expect(consumed.links.map((l) => l.context.spanId)).toEqual([server.spanContext().spanId]);
    expect(consumed.links[0].context.traceId).toBe(server.spanContext().traceId);
    // The JetStream message carries it as a NATS header too.
    const stored = await jsm.streams.getMessage(stream, { last_by_subj: `${prefix}events.traced.saved` });
    expect(stored?.header.get('traceparent')).toMatch(new RegExp(`^00-${server.spanContext().traceId}-${server.spanContext().spanId}-01$`));
    expect(consumed.attributes).toMatchObject({ 'messaging.destination.name': 'traced.saved', 'messaging.consumer.group.name': consumer.durable });
    // The consumer's own queries (its de-duplication row) sit under its span.
    const consumerQueries = spans().filter((s) => s.spanContext().traceId === consumed.spanContext().traceId && s !== consumed);
    expect(consumerQueries.length).toBeGreaterThan(0);
  } finally {
    await relay.stop();
    await consumer.stop();
  }
});

test('a failing call marks both its client and its server span as errors', async () => {
  const failure = await call('traced.broken', {}).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(RpcCallError);
  expect((failure as RpcCallError).status).toBe(500);
  const client = await until(() => named('send traced.broken')[0]);
  const server = await until(() => named('process traced.broken')[0]);
  expect(client.status.code).toBe(SpanStatusCode.ERROR);
  expect(server.status.code).toBe(SpanStatusCode.ERROR);
  expect(parentOf(server)).toBe(client.spanContext().spanId);
});

test('a refusal (a 4xx answer) is an answer, not a fault: neither span is an error', async () => {
  const refusal = await call('traced.refused', {}).catch((e: unknown) => e);
  expect((refusal as RpcCallError).status).toBe(404);
  const client = await until(() => named('send traced.refused')[0]);
  const server = await until(() => named('process traced.refused')[0]);
  expect(client.status.code).not.toBe(SpanStatusCode.ERROR);
  expect(server.status.code).not.toBe(SpanStatusCode.ERROR);
});

// Traces of apps launched as programs, as `npm start` (FROM_SOURCE=1), the Docker images and the
// benches launch them: the gateway, auth and listings as Node child processes with tracing on,
// each started by its own main module (`runWhenMain`, @mboa/platform/launch) which starts tracing
// and OpenTelemetry's loader hook before Nest, Express and Redis load. Jest's module system is not
// Node's, so only real processes can show the Express and Redis spans.
//
// The spans arrive by OTLP over HTTP/protobuf, as the apps send them in production, at a small
// receiver inside this test: the OpenTelemetry Collector is a Go binary that cannot be installed
// here, so the receiver stands in for it, and decodes the protobuf itself (a few lines below; no
// protobuf library is installed). Real NATS, PostgreSQL and Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_PATTERNS, LISTINGS_PATTERNS } from '@mboa/contracts';
import { uniqueTestPrefix } from '@mboa/platform';
import { createTestDatabase, type TestDatabase, freePort, deleteTestStream } from '@mboa/platform/testing';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- the OTLP/HTTP receiver -------------------------------------------------------------------

interface ReceivedSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

/** SpanKind as OTLP numbers it (SPAN_KIND_SERVER = 2, CLIENT = 3). */
const SERVER = 2;
const CLIENT = 3;

type Field = { no: number; wire: number; value: bigint | Buffer };

/** The fields of one protobuf message, in order (wire types 0, 1, 2 and 5: all OTLP uses). */
function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buf[at++];
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  while (at < buf.length) {
    const key = Number(varint());
    const no = key >> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ no, wire, value: varint() });
    else if (wire === 1) out.push({ no, wire, value: buf.subarray(at, (at += 8)) });
    else if (wire === 5) out.push({ no, wire, value: buf.subarray(at, (at += 4)) });
    else if (wire === 2) {
      const length = Number(varint());
      out.push({ no, wire, value: buf.subarray(at, (at += length)) });
    } else throw new Error(`protobuf wire type ${wire} is not OTLP's`);
  }
  return out;
}

const bytesOf = (f: Field[], no: number) => f.filter((x) => x.no === no).map((x) => x.value as Buffer);
const first = (f: Field[], no: number) => f.find((x) => x.no === no)?.value;

/** opentelemetry.proto.common.v1.KeyValue list → a record (string, bool, int and double values). */
function attributesOf(keyValues: Buffer[]): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const kv of keyValues) {
    const f = fields(kv);
    const key = (first(f, 1) as Buffer).toString('utf8');
    const value = fields((first(f, 2) as Buffer | undefined) ?? Buffer.alloc(0))[0];
    if (!value) continue;
    if (value.no === 1) out[key] = (value.value as Buffer).toString('utf8');
    else if (value.no === 2) out[key] = value.value === 1n;
    else if (value.no === 3) out[key] = Number(value.value);
    else if (value.no === 4) out[key] = (value.value as Buffer).readDoubleLE(0);
  }
  return out;
}

/** ExportTraceServiceRequest (resource_spans 1 → resource 1, scope_spans 2 → scope 1, spans 2). */
function decodeExport(body: Buffer): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of bytesOf(fields(body), 1)) {
    const rs = fields(resourceSpans);
    const resource = attributesOf(bytesOf(fields((first(rs, 1) as Buffer | undefined) ?? Buffer.alloc(0)), 1));
    for (const scopeSpans of bytesOf(rs, 2)) {
      const ss = fields(scopeSpans);
      const scope = fields((first(ss, 1) as Buffer | undefined) ?? Buffer.alloc(0));
      for (const span of bytesOf(ss, 2)) {
        const s = fields(span);
        spans.push({
          service: String(resource['service.name']),
          scope: ((first(scope, 1) as Buffer | undefined) ?? Buffer.alloc(0)).toString('utf8'),
          traceId: (first(s, 1) as Buffer).toString('hex'),
          spanId: (first(s, 2) as Buffer).toString('hex'),
          parentSpanId: ((first(s, 4) as Buffer | undefined) ?? Buffer.alloc(0)).toString('hex'),
          name: (first(s, 5) as Buffer).toString('utf8'),
          kind: Number(first(s, 6) ?? 0n),
          attributes: attributesOf(bytesOf(s, 9)),
        });
      }
    }
  }
  return spans;
}

const received: ReceivedSpan[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/v1/traces' && req.headers['content-type'] === 'application/x-protobuf') {
      received.push(...decodeExport(Buffer.concat(chunks)));
    }
    // An empty ExportTraceServiceResponse: everything accepted.
    res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});

// ---- the apps ---------------------------------------------------------------------------------


const apps: { name: string; child: ChildProcess; output: string[] }[] = [];
let db: TestDatabase | undefined;
let scratch = '';
let stream = '';
let gateway = '';

function launch(name: string, main: string, env: NodeJS.ProcessEnv): void {
  // What `FROM_SOURCE=1 npm start` runs (scripts/start.mjs): the TypeScript main through swc.
  const child = spawn(process.execPath, ['--import', path.join(repoRoot, 'scripts/lib/register-ts.mjs'), path.join(repoRoot, main)], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const app = { name, child, output: [] as string[] };
  child.stdout.setEncoding('utf8').on('data', (d: string) => app.output.push(d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => app.output.push(d));
  apps.push(app);
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const collector = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}`;
  db = await createTestDatabase(['auth', 'listings'], { prefix: 'tracelaunch' });
  scratch = await mkdtemp(path.join(tmpdir(), 'mboa-trace-launch-'));
  const prefix = uniqueTestPrefix('trl');
  stream = `T_${prefix.replace(/\W/g, '_')}`;
  const port = await freePort();
  gateway = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OTEL_'))),
    PORT: String(port),
    DATABASE_URL: db.url,
    REDIS_PREFIX: `test:${prefix}`,
    NATS_SUBJECT_PREFIX: prefix,
    EVENTS_STREAM: stream,
    SERVICES: 'auth,listings',
    MAIL_DIR: path.join(scratch, 'mail'),
    MEDIA_DIR: path.join(scratch, 'media'),
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: '',
    // Tracing on, as in production: OTLP over HTTP/protobuf to the receiver, batches sent every 200 ms.
    OTEL_EXPORTER_OTLP_ENDPOINT: collector,
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
  for (const name of ['METRICS_PORT', 'JEST_WORKER_ID']) delete env[name];
  launch('listings', 'services/listings/src/main.ts', env);
  launch('auth', 'services/auth/src/main.ts', env);
  launch('gateway', 'gateway/src/main.ts', env);
  const until = Date.now() + 150_000;
  while (!(await healthy(gateway))) {
    const dead = apps.find((a) => a.child.exitCode !== null);
    if (dead || Date.now() > until) {
      throw new Error(`the apps did not come up${dead ? ` (${dead.name} exited ${dead.child.exitCode})` : ''}:\n${apps.map((a) => `${a.name}: ${a.output.join('').slice(-3000)}`).join('\n')}`);
    }
    await sleep(300);
  }
}, 200_000);

afterAll(async () => {
  await Promise.all(
    apps.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const stopped = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(true);
        });
        child.kill('SIGTERM');
      });
      if (!stopped) child.kill('SIGKILL');
    }),
  );
  receiver.closeAllConnections();
  receiver.close();
  if (stream) await deleteTestStream(stream);
  await db?.drop().catch(() => undefined);
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 60_000);

/** The gateway's HTTP server span for `route`, once exported, and every span of its trace. */
async function traceOf(method: string, route: string, has: (spans: ReceivedSpan[]) => boolean): Promise<{ server: ReceivedSpan; spans: ReceivedSpan[] }> {
  const until = Date.now() + 60_000;
  for (;;) {
    const server = received.find((s) => s.service === 'gateway' && s.kind === SERVER && s.attributes['http.route'] === route && s.attributes['http.request.method'] === method);
    const spans = server ? received.filter((s) => s.traceId === server.traceId) : [];
    if (server && has(spans)) return { server, spans };
    if (Date.now() > until) {
      throw new Error(`no complete trace of ${method} ${route} within 60 s; received:\n${received.map((s) => `${s.service} ${s.scope} ${s.name}`).join('\n')}`);
    }
    await sleep(200);
  }
}

/** Whether `span` is under `ancestor` (a chain of parent ids within the one process). */
function under(span: ReceivedSpan, ancestor: ReceivedSpan, spans: ReceivedSpan[]): boolean {
  for (let at: ReceivedSpan | undefined = span; at; at = spans.find((s) => s.spanId === at.parentSpanId)) {
    if (at.parentSpanId === ancestor.spanId) return true;
  }
  return false;
}

const EXPRESS = '@opentelemetry/instrumentation-express';
const REDIS = '@opentelemetry/instrumentation-redis';

test('a search: the HTTP span, the Express route handler under it, the NATS request to listings and its handling there, one trace', async () => {
  const res = await fetch(`${gateway}/api/properties/search?town=buea`);
  expect(res.status).toBe(200);

  const { server, spans } = await traceOf('GET', '/api/properties/search', (t) => t.some((s) => s.service === 'listings' && s.kind === SERVER));
  expect(server.name).toBe('GET /api/properties/search');
  // Express's spans: the route's handler (Nest's controller method runs inside it); no span per
  // middleware (left out on purpose: twenty of them per request made most of tracing's cost).
  const handler = spans.find((s) => s.scope === EXPRESS && s.attributes['express.type'] === 'request_handler');
  expect(handler).toBeDefined();
  expect(handler!.attributes).toMatchObject({ 'express.name': '/api/properties/search', 'http.route': '/api/properties/search' });
  expect(under(handler!, server, spans)).toBe(true);
  expect(spans.filter((s) => s.scope === EXPRESS && s.attributes['express.type'] === 'middleware')).toEqual([]);
  // The request to listings, from inside the handler, and its handling in the listings process.
  const send = spans.find((s) => s.service === 'gateway' && s.kind === CLIENT && s.name === `send ${LISTINGS_PATTERNS.propertySearch}`);
  expect(send).toBeDefined();
  expect(under(send!, handler!, spans)).toBe(true);
  const handled = spans.find((s) => s.service === 'listings' && s.name === `process ${LISTINGS_PATTERNS.propertySearch}`);
  expect(handled?.parentSpanId).toBe(send!.spanId);
}, 90_000);

test('a sign-in: the rate limits read Redis under the HTTP span, then auth answers over NATS, one trace', async () => {
  const res = await fetch(`${gateway}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `nobody.${Date.now()}@example.cm`, password: 'not the password 1' }),
  });
  expect(res.status).toBe(401);

  const { server, spans } = await traceOf('POST', '/api/auth/login', (t) => t.some((s) => s.service === 'auth' && s.kind === SERVER) && t.some((s) => s.scope === REDIS));
  const redis = spans.filter((s) => s.service === 'gateway' && s.scope === REDIS);
  expect(redis.length).toBeGreaterThan(0);
  for (const span of redis) {
    expect(span.kind).toBe(CLIENT);
    expect(span.attributes['db.system.name'] ?? span.attributes['db.system']).toBe('redis');
    expect(under(span, server, spans)).toBe(true);
  }
  // The failed-login counters live under the test's Redis prefix.
  expect(redis.some((s) => String(s.attributes['db.query.text'] ?? s.attributes['db.statement'] ?? '').includes('rl:login'))).toBe(true);
  expect(spans.some((s) => s.scope === EXPRESS && under(s, server, spans))).toBe(true);
  const send = spans.find((s) => s.service === 'gateway' && s.kind === CLIENT && s.name === `send ${AUTH_PATTERNS.login}`);
  expect(send).toBeDefined();
  expect(spans.find((s) => s.service === 'auth' && s.name === `process ${AUTH_PATTERNS.login}`)?.parentSpanId).toBe(send!.spanId);
}, 90_000);

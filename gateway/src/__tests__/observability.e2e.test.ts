// What operators see: the request id answered by the gateway and carried into the events a
// service records, and the Prometheus metrics at /metrics on METRICS_PORT (never on the public port).
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_TYPES, type EventPayloads } from '@mboa/contracts';
import { waitForEvent, freePort } from '@mboa/platform/testing';
import { startTestSystem, type TestSystem } from './system.js';

let system: TestSystem;
let nc: NatsConnection;
let metricsUrl: string;


beforeAll(async () => {
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  system = await startTestSystem({
    services: ['auth'],
    gateway: { rateLimitScale: 100, runtime: { logLevel: 'info', shutdownGraceMs: 20_000, metricsPort } },
  });
  nc = await connect({ servers: system.context.natsUrl });
}, 120_000);

afterAll(async () => {
  await nc?.drain();
  await system?.stop();
});

const signup = (email: string, headers: Record<string, string> = {}) =>
  fetch(`${system.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ name: 'Trace Me', email, password: 'test password 1', role: 'renter', whatsapp: '677001122', agreeToTerms: true }),
  });

test('the caller’s x-request-id comes back, and follows the call into the event auth records', async () => {
  const email = `trace.${Date.now()}@example.cm`;
  const res = await signup(email, { 'x-request-id': 'trace-0001' });
  expect(res.status).toBe(201);
  expect(res.headers.get('x-request-id')).toBe('trace-0001');
  const event = await waitForEvent<EventPayloads[typeof EVENT_TYPES.userRegistered]>(nc, {
    prefix: system.context.subjectPrefix,
    stream: system.context.streamName,
    type: EVENT_TYPES.userRegistered,
    match: (e) => e.payload.user.email === email,
  });
  expect(event.requestId).toBe('trace-0001');
});

test('a request without an id (or with a malformed one) gets a fresh one', async () => {
  const plain = await fetch(`${system.url}/api/health`);
  expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  const forged = await fetch(`${system.url}/api/health`, { headers: { 'x-request-id': 'bad id\twith tab' } });
  expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test('/metrics on the public port is unknown (404), whatever the method', async () => {
  for (const method of ['GET', 'HEAD', 'POST']) {
    const res = await fetch(`${system.url}/metrics`, { method });
    expect({ method, status: res.status }).toEqual({ method, status: 404 });
    expect(await res.text()).not.toMatch(/mboa_|process_/);
  }
});

test('METRICS_PORT has HTTP latency by route template, NATS latency by pattern, event lag and process metrics', async () => {
  await fetch(`${system.url}/api/properties/00000000-0000-0000-0000-000000000000`);
  await signup(`metrics.${Date.now()}@example.cm`);
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  expect(text).toMatch(/# TYPE mboa_http_request_duration_seconds histogram/);
  expect(text).toMatch(/mboa_http_request_duration_seconds_bucket\{le="0\.5",method="POST",route="\/api\/auth\/signup",status="201"\} \d+/);
  // Templates, never raw ids: label values stay few.
  expect(text).not.toContain('00000000-0000-0000-0000-000000000000');
  expect(text).toMatch(/mboa_nats_request_duration_seconds_count\{outcome="ok",pattern="auth\.register"\} \d+|mboa_nats_request_duration_seconds_count\{outcome="ok",pattern="auth\.[a-z.]+"\} \d+/);
  expect(text).toMatch(/process_resident_memory_bytes \d+/);
  expect(text).toMatch(/# TYPE mboa_event_consumer_lag_seconds gauge/);
  expect(text).toMatch(/# TYPE mboa_event_consumer_pending gauge/);
});

test('event lag per durable consumer, read from JetStream', async () => {
  // A consumer that never handles anything: its lag grows with the oldest waiting event.
  const jsm = await jetstreamManager(nc);
  await jsm.consumers.add(system.context.streamName, { durable_name: 'observer-slowpoke', ack_policy: 'explicit', filter_subject: `${system.context.subjectPrefix}events.user.>` });
  await signup(`lag.${Date.now()}@example.cm`);
  await new Promise((r) => setTimeout(r, 1200));
  const text = await (await fetch(metricsUrl)).text();
  const pending = Number(/mboa_event_consumer_pending\{consumer="observer-slowpoke"\} (\d+)/.exec(text)?.[1]);
  const lag = Number(/mboa_event_consumer_lag_seconds\{consumer="observer-slowpoke"\} ([\d.e+-]+)/.exec(text)?.[1]);
  expect(pending).toBeGreaterThanOrEqual(1);
  expect(lag).toBeGreaterThanOrEqual(1);
});

// What every service gets from startMicroservice and RpcClient: the caller's request id in the
// handler (and in events it records), latency metrics, and a close that answers every request in
// flight before the connection goes.
import { Controller, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { INestMicroservice } from '@nestjs/common';
import { currentRequestId, runWithRequestId } from '../logging/request-context.js';
import { newEnvelope } from '../events/envelope.js';
import { metrics } from '../metrics/standard.js';
import { RpcClient } from './rpc-client.js';
import { startMicroservice } from './microservice.js';
import { uniqueTestPrefix } from './subjects.js';
import { instanceHealthSubject } from './transport.js';
import { connect } from '@nats-io/transport-node';
import { LIMITS, MESSAGES, type Pattern } from '@mboa/contracts';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
interface WorkReply {
  n: number;
  requestId: string | null;
  eventRequestId: string | null;
}
/** This test's own patterns are not in the product's contract. */
const call = (pattern: string, payload: object, opts?: { timeoutMs?: number; requestId?: string }) =>
  rpc.call(pattern as Pattern, payload, opts) as Promise<unknown> as Promise<WorkReply>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

@Controller()
class SlowController {
  @MessagePattern('slow.work')
  async work(payload: { ms: number; n: number }) {
    await sleep(payload.ms);
    return { n: payload.n, requestId: currentRequestId() ?? null, eventRequestId: newEnvelope({ type: 'slow.done', payload: {} }).requestId ?? null };
  }

  @MessagePattern('slow.broken')
  broken(): never {
    throw new Error('a bug inside the service');
  }

  @MessagePattern('slow.health')
  health() {
    return { service: 'slow', status: 'ok', checks: {} };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

let prefix: string;
let app: INestMicroservice | undefined;
let rpc: RpcClient;

beforeEach(async () => {
  prefix = uniqueTestPrefix('rt');
  app = await startMicroservice(SlowModule, { name: 'slow', natsUrl: NATS_URL, subjectPrefix: prefix, logger: false, shutdownGraceMs: 5000 });
  rpc = new RpcClient({ servers: NATS_URL, subjectPrefix: prefix, timeoutMs: 5000 });
  await rpc.connect();
});

afterEach(async () => {
  await rpc.close();
  await app?.close();
});

test('the request id travels as a NATS header into the handler and the events it records', async () => {
  const reply = await runWithRequestId('req-abc-123', () => call('slow.work', { ms: 1, n: 1 }));
  expect(reply).toEqual({ n: 1, requestId: 'req-abc-123', eventRequestId: 'req-abc-123' });
  expect(await call('slow.work', { ms: 1, n: 2 })).toEqual({ n: 2, requestId: null, eventRequestId: null });
});

test('calls and handling are timed by pattern', async () => {
  await call('slow.work', { ms: 1, n: 1 });
  const text = await metrics.render();
  expect(text).toMatch(/mboa_nats_request_duration_seconds_count\{outcome="ok",pattern="slow\.work"\} \d+/);
  expect(text).toMatch(/mboa_rpc_handled_duration_seconds_count\{pattern="slow\.work"\} \d+/);
  await expect(call('nobody.home', {}, { timeoutMs: 500 })).rejects.toMatchObject({ status: 503 });
  expect(await metrics.render()).toMatch(/mboa_nats_request_duration_seconds_count\{outcome="503",pattern="nobody\.home"\} 1/);
});

test("this replica answers health on its own subject, for the container's health check", async () => {
  const nc = await connect({ servers: NATS_URL });
  try {
    const msg = await nc.request(instanceHealthSubject('slow', prefix), JSON.stringify({ pattern: 'slow.health', data: {}, id: '1' }), { timeout: 2000 });
    expect(JSON.parse(new TextDecoder().decode(msg.data))).toMatchObject({ response: { status: 'ok' } });
  } finally {
    await nc.close();
  }
});

test('close() stops taking requests but answers every one in flight, then drains', async () => {
  const N = 20;
  const calls = Array.from({ length: N }, (_, n) => call('slow.work', { ms: 300, n }));
  await sleep(50); // all of them are now being handled
  const started = Date.now();
  const closing = app!.close();
  const answers = await Promise.all(calls);
  expect(answers.map((a) => a.n)).toEqual(Array.from({ length: N }, (_, n) => n));
  await closing;
  expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  app = undefined;
  // Nobody takes requests any more.
  await expect(call('slow.work', { ms: 1, n: 0 }, { timeoutMs: 500 })).rejects.toMatchObject({ status: 503 });
});

test('a fault inside a service is a 500 with a generic text; nobody listening is a 503 at once, not a timeout', async () => {
  await expect(call('slow.broken', {})).rejects.toMatchObject({ status: 500, message: MESSAGES.common.internalError });
  const started = Date.now();
  // The client's timeout is 5 s: NATS "no responders" must end the call long before.
  // It says when to try again (the gateway's Retry-After): a crashed service is back in seconds.
  await expect(call('nobody.listens', {})).rejects.toMatchObject({
    status: 503,
    message: MESSAGES.common.serviceUnavailable,
    retryAfter: LIMITS.http.serviceDownRetryAfterSeconds,
  });
  // Not a timeout: the client would have waited its whole 5 s.
  expect(Date.now() - started).toBeLessThan(4000);
});

// The event stream's replicas and retention come from the deployment's configuration and are
// applied by ensureEventStream on the local nats-server (one server; replicas on a cluster are
// shown in cluster.test.ts).
import { randomBytes } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { loadServiceEnv } from '../service/service-config.js';
import { ensureEventStream, natsServers } from '../index.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const DAY_NS = 86_400e9;

let nc: NatsConnection;
let jsm: JetStreamManager;
const created: string[] = [];

function bus() {
  const tag = randomBytes(4).toString('hex');
  const stream = `T_STREAM_${tag}`;
  created.push(stream);
  return { prefix: `t${tag}.`, stream };
}

beforeAll(async () => {
  nc = await connect({ servers: NATS_URL });
  jsm = await jetstreamManager(nc);
});

afterAll(async () => {
  for (const stream of created) await jsm.streams.delete(stream).catch(() => undefined);
  await nc?.close();
});

test('a new stream gets the configured age and size limits; by default it keeps everything', async () => {
  const kept = bus();
  await ensureEventStream(jsm, { ...kept, streamSettings: loadServiceEnv('support', {}).common.streamSettings });
  expect((await jsm.streams.info(kept.stream)).config).toMatchObject({ num_replicas: 1, max_age: 0, max_bytes: -1 });

  const limited = bus();
  const { streamSettings } = loadServiceEnv('media', { EVENT_STREAM_MAX_AGE: '30d', EVENT_STREAM_MAX_BYTES: '2GB' }).common;
  await ensureEventStream(jsm, { ...limited, streamSettings });
  expect((await jsm.streams.info(limited.stream)).config).toMatchObject({ num_replicas: 1, max_age: 30 * DAY_NS, max_bytes: 2 * 1024 ** 3 });
});

test('an existing stream is brought up to the configuration, and back to no limits', async () => {
  const b = bus();
  await ensureEventStream(jsm, b);
  await jsm.streams.info(b.stream);
  await ensureEventStream(jsm, { ...b, streamSettings: { replicas: 1, maxAgeMs: 7 * 86_400_000, maxBytes: 512 * 1024 ** 2 } });
  expect((await jsm.streams.info(b.stream)).config).toMatchObject({ max_age: 7 * DAY_NS, max_bytes: 512 * 1024 ** 2 });
  // An app that does not know the settings (a tool, a test) leaves them alone.
  await ensureEventStream(jsm, b);
  expect((await jsm.streams.info(b.stream)).config).toMatchObject({ max_age: 7 * DAY_NS, max_bytes: 512 * 1024 ** 2 });
  // The operator removes the limits: the stream keeps everything again.
  await ensureEventStream(jsm, { ...b, streamSettings: { replicas: 1, maxAgeMs: 0, maxBytes: 0 } });
  const { config } = await jsm.streams.info(b.stream);
  expect(config).toMatchObject({ max_age: 0, max_bytes: -1, subjects: [`${b.prefix}events.>`] });
  expect(config.duplicate_window).toBeGreaterThanOrEqual(120e9);
});

test('the size limit drops the oldest events, and publishing goes on', async () => {
  const b = bus();
  await ensureEventStream(jsm, { ...b, streamSettings: { replicas: 1, maxAgeMs: 0, maxBytes: 1024 ** 2 } });
  const js = (await import('@nats-io/jetstream')).jetstream(nc);
  const chunk = new Uint8Array(100 * 1024);
  for (let i = 0; i < 15; i++) await js.publish(`${b.prefix}events.big.thing`, chunk);
  const { state } = await jsm.streams.info(b.stream);
  expect(state.bytes).toBeLessThanOrEqual(1024 ** 2);
  expect(state.first_seq).toBeGreaterThan(1);
  expect(state.last_seq).toBe(15);
});

test('more replicas than one server can hold are refused with the setting named', async () => {
  const b = bus();
  await expect(ensureEventStream(jsm, { ...b, streamSettings: { replicas: 3, maxAgeMs: 0, maxBytes: 0 } })).rejects.toThrow(
    /refused 3 stream replicas .*EVENT_STREAM_REPLICAS must not exceed the servers of the JetStream cluster/,
  );
  // Nor may the age be shorter than the de-duplication window (the configuration also refuses under 1 h).
  await expect(ensureEventStream(jsm, { ...b, streamSettings: { replicas: 1, maxAgeMs: 60_000, maxBytes: 0 } })).rejects.toThrow(
    'events must be kept longer than the 2-minute de-duplication window',
  );
});

test('NATS_URL may list several servers separated by commas; the client is given each', async () => {
  expect(natsServers('nats://nats-1:4222,nats://nats-2:4222, nats://nats-3:4222')).toEqual(['nats://nats-1:4222', 'nats://nats-2:4222', 'nats://nats-3:4222']);
  expect(natsServers(NATS_URL)).toEqual([NATS_URL]);
  // A listed server that is down is skipped: the connection is made to one that answers.
  const other = await connect({ servers: natsServers(`nats://127.0.0.1:1,${NATS_URL}`), timeout: 5_000 });
  expect(other.getServer()).toBe(new URL(NATS_URL).host);
  await other.close();
});

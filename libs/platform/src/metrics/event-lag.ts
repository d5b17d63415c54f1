import { JetStreamApiError, jetstreamManager, type ConsumerInfo } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { Gauge, Registry } from './prometheus.js';
import { parkedStreamName } from '../events/parking.js';

const CACHE_MS = 1000;

/**
 * Event lag as seen from JetStream: for every durable consumer of the stream, how many events wait
 * (not yet acknowledged) and how old the oldest of them is. Every replica of every service shares
 * its durable consumer, so this is the lag of the system, read at scrape time by the gateway.
 */
export function eventLagMetrics(connection: () => NatsConnection | undefined, stream: string): Registry {
  const registry = new Registry();
  let cached: { at: number; rows: Promise<LagRow[]> } | undefined;
  const rows = () => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      // A scrape without JetStream shows no consumers rather than failing as a whole.
      cached = { at: Date.now(), rows: readLag(connection(), stream).catch(() => []) };
    }
    return cached.rows;
  };
  new Gauge({
    name: 'mboa_event_consumer_pending',
    help: 'Events not yet acknowledged by each durable consumer.',
    labelNames: ['consumer'],
    registers: [registry],
    async collect() {
      const current = await rows();
      this.reset();
      for (const row of current) this.set({ consumer: row.consumer }, row.pending);
    },
  });
  new Gauge({
    name: 'mboa_event_consumer_lag_seconds',
    help: 'Age of the oldest event each durable consumer has not acknowledged yet (0 when caught up).',
    labelNames: ['consumer'],
    registers: [registry],
    async collect() {
      const current = await rows();
      this.reset();
      for (const row of current) this.set({ consumer: row.consumer }, row.lagSeconds);
    },
  });
  let parkedCache: { at: number; rows: Promise<Map<string, number>> } | undefined;
  new Gauge({
    name: 'mboa_events_parked',
    help: 'Parked events waiting for an operator to replay or drop them, by the consumer that parked them.',
    labelNames: ['consumer'],
    registers: [registry],
    async collect() {
      if (!parkedCache || Date.now() - parkedCache.at > CACHE_MS) {
        parkedCache = { at: Date.now(), rows: readParked(connection(), stream).catch(() => new Map<string, number>()) };
      }
      const current = await parkedCache.rows;
      this.reset();
      for (const [consumer, count] of current) this.set({ consumer }, count);
    },
  });
  return registry;
}

const PARKED_EVENT = 'events-parked.event.';

/** Parked records per consumer, from the parked stream's subject counts (docs/services.md#poison-events-and-the-parked-stream). */
async function readParked(nc: NatsConnection | undefined, stream: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!nc || nc.isClosed()) return counts;
  const jsm = await jetstreamManager(nc);
  try {
    const info = await jsm.streams.info(parkedStreamName(stream), { subjects_filter: '>' });
    for (const [subject, count] of Object.entries(info.state.subjects ?? {})) {
      const at = subject.indexOf(PARKED_EVENT);
      if (at >= 0) counts.set(subject.slice(at + PARKED_EVENT.length), count);
    }
  } catch (err) {
    if (!(err instanceof JetStreamApiError)) throw err; // no parked stream: nothing was ever parked
  }
  return counts;
}

interface LagRow {
  consumer: string;
  pending: number;
  lagSeconds: number;
}

async function readLag(nc: NatsConnection | undefined, stream: string): Promise<LagRow[]> {
  if (!nc || nc.isClosed()) return [];
  const jsm = await jetstreamManager(nc);
  const consumers: ConsumerInfo[] = [];
  try {
    for await (const info of jsm.consumers.list(stream)) if (info.config.durable_name) consumers.push(info);
  } catch {
    return []; // no stream yet: nothing has been recorded
  }
  return Promise.all(
    consumers.map(async (info) => {
      const pending = info.num_pending + info.num_ack_pending;
      let lagSeconds = 0;
      if (pending > 0) {
        const oldest = await oldestUnacked(jsm, stream, info);
        if (oldest) lagSeconds = Math.max(0, (Date.now() - oldest.getTime()) / 1000);
      }
      return { consumer: info.name, pending, lagSeconds };
    }),
  );
}

/** When the first event past the consumer's ack floor that matches its filter was stored. */
async function oldestUnacked(jsm: Awaited<ReturnType<typeof jetstreamManager>>, stream: string, info: ConsumerInfo): Promise<Date | undefined> {
  const seq = info.ack_floor.stream_seq + 1;
  const filter = info.config.filter_subject;
  try {
    // The server's MSG.GET takes `next_by_subj` (2.9+); the client's type only lists seq/last.
    const msg = await jsm.streams.getMessage(stream, (filter ? { seq, next_by_subj: filter } : { seq }) as never);
    return msg?.time;
  } catch {
    return undefined;
  }
}

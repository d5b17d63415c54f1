import { Counter, Gauge, Histogram, Registry } from './prometheus.js';
import { registerProcessMetrics } from './process-metrics.js';

/** This process's metrics; the gateway serves them at /metrics, a service at METRICS_PORT. */
export const metrics = new Registry();
registerProcessMetrics(metrics);

export const httpRequestDuration = new Histogram({
  name: 'mboa_http_request_duration_seconds',
  help: 'HTTP requests answered by the gateway, by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  registers: [metrics],
});

export const natsRequestDuration = new Histogram({
  name: 'mboa_nats_request_duration_seconds',
  help: 'NATS request/reply calls made by this process, by pattern and outcome (ok or the error status).',
  labelNames: ['outcome', 'pattern'],
  registers: [metrics],
});

export const rpcHandledDuration = new Histogram({
  name: 'mboa_rpc_handled_duration_seconds',
  help: 'NATS requests handled by this service, by pattern.',
  labelNames: ['pattern'],
  registers: [metrics],
});

export const eventLag = new Histogram({
  name: 'mboa_event_lag_seconds',
  help: 'Time from an event being recorded to a consumer starting to handle it, by consumer and event type.',
  labelNames: ['consumer', 'type'],
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
  registers: [metrics],
});

/**
 * Events a consumer gave up on and parked (docs/services.md#poison-events-and-the-parked-stream),
 * by consumer, reason (failed, invalid, undecodable) and event type. Alerted on in
 * infra/prometheus/alerts/events.yml.
 */
export const eventsParked = new Counter({
  name: 'mboa_events_parked_total',
  help: 'Events a consumer parked on the parked stream instead of retrying them for ever, by consumer, reason and event type.',
  labelNames: ['consumer', 'reason', 'type'],
  registers: [metrics],
});

/** What a watched in-process queue holds now: jobs running, and jobs waiting for a slot. */
export interface WorkQueueDepth {
  running: number;
  waiting: number;
}
const workQueues = new Map<string, () => WorkQueueDepth>();

/**
 * A bounded in-process queue (media's image processing) shown at scrape time, by queue name:
 * how many jobs run and how many wait. Read when Prometheus scrapes, so it costs nothing between
 * scrapes. Drawn in infra/grafana/dashboards/mboa-runtime.json ("Media queue").
 */
export function watchWorkQueue(queue: string, depth: () => WorkQueueDepth): void {
  workQueues.set(queue, depth);
}

new Gauge({
  name: 'mboa_work_queue_running',
  help: 'Jobs running now in an in-process work queue, by queue.',
  labelNames: ['queue'],
  registers: [metrics],
  collect() {
    this.reset();
    for (const [queue, depth] of workQueues) this.set({ queue }, depth().running);
  },
});

new Gauge({
  name: 'mboa_work_queue_waiting',
  help: 'Jobs waiting for a free slot in an in-process work queue, by queue.',
  labelNames: ['queue'],
  registers: [metrics],
  collect() {
    this.reset();
    for (const [queue, depth] of workQueues) this.set({ queue }, depth().waiting);
  },
});

/** Batches a full queue turned away (the caller got a "busy, try again" answer), by queue. */
export const workQueueRejected = new Counter({
  name: 'mboa_work_queue_rejected_total',
  help: 'Batches of jobs an in-process work queue turned away because its waiting line was full, by queue.',
  labelNames: ['queue'],
  registers: [metrics],
});

import { Registry } from './registry.js';
import { registerProcessMetrics } from './process-metrics.js';

/** This process's metrics; the gateway serves them at /metrics, a service at METRICS_PORT. */
export const metrics = new Registry();
registerProcessMetrics(metrics);

export const httpRequestDuration = metrics.histogram(
  'mboa_http_request_duration_seconds',
  'HTTP requests answered by the gateway, by method, route template and status.',
);

export const natsRequestDuration = metrics.histogram(
  'mboa_nats_request_duration_seconds',
  'NATS request/reply calls made by this process, by pattern and outcome (ok or the error status).',
);

export const rpcHandledDuration = metrics.histogram(
  'mboa_rpc_handled_duration_seconds',
  'NATS requests handled by this service, by pattern.',
);

export const eventLag = metrics.histogram(
  'mboa_event_lag_seconds',
  'Time from an event being recorded to a consumer starting to handle it, by consumer and event type.',
  [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
);

// Our metrics on prom-client: the text Prometheus scrapes keeps the names, labels and label order
// the dashboards and alerts were written against, and the metrics port serves nothing else.
import type { AddressInfo } from 'node:net';
import { eventLagMetrics } from './event-lag.js';
import { Histogram, Registry } from './prometheus.js';
import { metrics, watchWorkQueue, workQueueRejected } from './standard.js';
import { concatenated, startMetricsServer } from './server.js';

test('a histogram writes its labels in alphabetical order, whatever order the caller used', async () => {
  const registry = new Registry();
  const calls = new Histogram({ name: 'test_calls_seconds', help: 'Calls.', labelNames: ['pattern', 'outcome'], registers: [registry] });
  calls.startTimer()({ pattern: 'a.b', outcome: 'ok' });
  calls.observe({ pattern: 'a.b', outcome: '503' }, 0.2);
  const text = await registry.render();
  expect(text).toMatch(/^test_calls_seconds_count\{outcome="ok",pattern="a\.b"\} 1$/m);
  expect(text).toMatch(/^test_calls_seconds_bucket\{le="0\.25",outcome="503",pattern="a\.b"\} 1$/m);
  expect(text).toMatch(/^test_calls_seconds_bucket\{le="0\.1",outcome="503",pattern="a\.b"\} 0$/m);
});

test('the metrics port answers GET /metrics with the exposition text of every registry, and 404 to anything else', async () => {
  const own = new Registry();
  new Histogram({ name: 'test_own_seconds', help: 'Own.', registers: [own] }).observe(1);
  // No NATS connection: the event-lag gauges are there, with no consumer, and the scrape works.
  const server = await startMetricsServer(0, concatenated(own, eventLagMetrics(() => undefined, 'NOPE')));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^test_own_seconds_count 1$/m);
    expect(text).toMatch(/^# TYPE mboa_event_consumer_pending gauge$/m);
    expect(text).not.toMatch(/^mboa_event_consumer_pending\{/m);
    expect((await fetch(`${url}/other`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);
  } finally {
    server.close();
  }
});

test('a watched work queue shows what runs and waits at each scrape, and the batches it turned away', async () => {
  let depth = { running: 2, waiting: 5 };
  watchWorkQueue('test-queue', () => depth);
  workQueueRejected.inc({ queue: 'test-queue' });
  let text = await metrics.render();
  expect(text).toMatch(/^mboa_work_queue_running\{queue="test-queue"\} 2$/m);
  expect(text).toMatch(/^mboa_work_queue_waiting\{queue="test-queue"\} 5$/m);
  expect(text).toMatch(/^mboa_work_queue_rejected_total\{queue="test-queue"\} 1$/m);
  depth = { running: 0, waiting: 0 };
  text = await metrics.render();
  expect(text).toMatch(/^mboa_work_queue_waiting\{queue="test-queue"\} 0$/m);
});

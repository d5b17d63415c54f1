import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Registry } from './registry.js';

/** The cheap process metrics: CPU, memory, heap, event-loop delay, start time, open handles. */
export function registerProcessMetrics(registry: Registry): void {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  // Not a reason to keep a stopping process alive.
  (loop as unknown as { unref?: () => void }).unref?.();
  registry.gauge('process_cpu_seconds_total', 'User and system CPU time spent, in seconds.', (g) => {
    const { user, system } = process.cpuUsage();
    g.set({}, (user + system) / 1e6);
  });
  registry.gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', (g) => g.set({}, process.memoryUsage().rss));
  registry.gauge('nodejs_heap_used_bytes', 'V8 heap in use, in bytes.', (g) => g.set({}, process.memoryUsage().heapUsed));
  registry.gauge('process_start_time_seconds', 'Start time of the process since the Unix epoch, in seconds.', (g) =>
    g.set({}, Math.round(Date.now() / 1000 - process.uptime())),
  );
  registry.gauge('nodejs_eventloop_delay_p99_seconds', 'Event-loop delay, 99th percentile since the last scrape, in seconds.', (g) => {
    g.set({}, loop.percentile(99) / 1e9);
    loop.reset();
  });
}

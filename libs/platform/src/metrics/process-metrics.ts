import { sampleLoopDelay } from './loop-delay.js';
import { Gauge, type Registry } from './prometheus.js';

/** The cheap process metrics: CPU, memory, heap, event-loop delay, start time. */
export function registerProcessMetrics(registry: Registry): void {
  const loop = sampleLoopDelay();
  const registers = [registry];
  // The names we have always exported (dashboards use them), not prom-client's default set.
  new Gauge({
    name: 'process_cpu_seconds_total',
    help: 'User and system CPU time spent, in seconds.',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      this.set((user + system) / 1e6);
    },
  });
  new Gauge({ name: 'process_resident_memory_bytes', help: 'Resident memory size in bytes.', registers, collect() { this.set(process.memoryUsage().rss); } });
  new Gauge({ name: 'nodejs_heap_used_bytes', help: 'V8 heap in use, in bytes.', registers, collect() { this.set(process.memoryUsage().heapUsed); } });
  new Gauge({
    name: 'process_start_time_seconds',
    help: 'Start time of the process since the Unix epoch, in seconds.',
    registers,
    collect() {
      this.set(Math.round(Date.now() / 1000 - process.uptime()));
    },
  });
  new Gauge({
    name: 'nodejs_eventloop_delay_p99_seconds',
    help: 'Event-loop delay, 99th percentile since the last scrape, in seconds.',
    registers,
    collect() {
      this.set(loop.takeP99Seconds());
    },
  });
}

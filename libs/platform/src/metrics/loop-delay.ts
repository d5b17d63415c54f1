import { createHistogram, performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * How event-loop delay is sampled: by how late a timer fires. Waking the process every 20 ms for
 * it costs about half a percent of a core in a process with nothing to do (issue 27), so the timer
 * runs every `fineMs` only while the loop was at least `busyShare` busy over the last `checkMs`,
 * and every `checkMs` otherwise: a stall while idle still delays that timer and shows.
 */
export const LOOP_DELAY_SAMPLING = {
  fineMs: 20,
  checkMs: 1_000,
  busyShare: 0.05,
} as const;

export interface LoopDelaySampling {
  fineMs: number;
  checkMs: number;
  busyShare: number;
}

export interface LoopDelaySampler {
  /** The delay's 99th percentile, in seconds, since the last call (0 before any sample). */
  takeP99Seconds(): number;
  /** Whether it samples every `fineMs` now (the loop was busy). */
  readonly fine: boolean;
  stop(): void;
}

export function sampleLoopDelay(settings: LoopDelaySampling = LOOP_DELAY_SAMPLING): LoopDelaySampler {
  const delays = createHistogram();
  let fine = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let since: EventLoopUtilization = performance.eventLoopUtilization();
  let checkedAt = performance.now();
  const schedule = (ms: number) => {
    const due = performance.now() + ms;
    timer = setTimeout(() => {
      const now = performance.now();
      delays.record(Math.max(1, Math.round((now - due) * 1e6)));
      if (now - checkedAt >= settings.checkMs) {
        fine = performance.eventLoopUtilization(since).utilization >= settings.busyShare;
        since = performance.eventLoopUtilization();
        checkedAt = now;
      }
      if (!stopped) schedule(fine ? settings.fineMs : settings.checkMs);
    }, ms);
    // Not a reason to keep a stopping process alive.
    timer.unref();
  };
  schedule(settings.checkMs);
  return {
    takeP99Seconds() {
      const p99 = delays.count > 0 ? delays.percentile(99) / 1e9 : 0;
      delays.reset();
      return p99;
    },
    get fine() {
      return fine;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

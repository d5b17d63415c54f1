import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { FreshnessService } from './freshness.service.js';

const DEFAULT_SWEEP_MS = 60_000;

/**
 * Runs the freshness sweep on a timer in every process that runs the consumers. Several replicas
 * may sweep at once: the sweep itself makes that safe (SKIP LOCKED, advisory locks, re-checks).
 * One sweep at a time per process; shutting down waits for the current one, so a restart never
 * leaves a reminder half recorded.
 */
@Injectable()
export class FreshnessSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('listings-freshness');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    private readonly freshness: FreshnessService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.consumers) return;
    const every = this.config.freshness?.sweepMs ?? DEFAULT_SWEEP_MS;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.once().finally(() => (this.running = undefined));
    }, every);
    this.timer.unref();
  }

  private async once(): Promise<void> {
    try {
      const { lapsed, reminded } = await this.freshness.sweep();
      if (lapsed || reminded) this.logger.log(`freshness sweep: ${lapsed} listing(s) out of search, ${reminded} reminder(s) mailed`);
    } catch (error) {
      this.logger.error(`freshness sweep failed (the next one retries): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

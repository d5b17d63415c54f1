import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { SavedSearchAlerts } from './saved-search-alerts.service.js';

const DEFAULT_SWEEP_MS = 30_000;
/** After a match is recorded: long enough for the consumer's transaction to have committed. */
const KICK_DELAY_MS = 150;

/**
 * Sends saved-search alerts on a timer in every process that runs the consumers, and soon after a
 * match (`kick`), so an instant alert leaves within a second of the approval. One sweep at a time
 * per process; several replicas are safe (SKIP LOCKED, the digest's day key). Shutting down waits
 * for the current sweep, so a restart never leaves an alert half recorded.
 */
@Injectable()
export class SavedSearchSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('listings-saved-searches');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    private readonly alerts: SavedSearchAlerts,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.consumers) return;
    this.timer = setInterval(() => this.start(), this.config.savedSearches?.sweepMs ?? DEFAULT_SWEEP_MS);
    this.timer.unref();
    // Alerts left pending by the previous run (a restart between a match and its mail) go now.
    this.kick();
  }

  /** A sweep soon; one running now is followed by another, so a new match is never left for the timer. */
  kick(): void {
    if (this.stopped) return;
    setTimeout(() => this.start(), KICK_DELAY_MS).unref();
  }

  private start(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.once().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.start();
      }
    });
  }

  private async once(): Promise<void> {
    try {
      const { instant, digests } = await this.alerts.sweep();
      if (instant || digests) this.logger.log(`saved searches: ${instant} alert(s) and ${digests} digest(s) mailed`);
    } catch (error) {
      this.logger.error(`saved-search sweep failed (the next one retries): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}

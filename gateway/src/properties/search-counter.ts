import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { FIGURES, LISTINGS_PATTERNS, SearchTallies, type CountedSearch } from '@mboa/contracts';
import { Services } from '../rpc/rpc.provider.js';

/**
 * Counts every renter's search the gateway answers, for staff's figures (docs/api.md#staff-figures):
 * answered from a kept answer, shared with an identical search in flight or asked of listings, all
 * alike. Most searches are repeats (a link shared on WhatsApp) that never reach listings, so only
 * here is each one seen. Counting is a Map lookup in memory (contracts SearchTallies, the one rule of
 * which row a search adds to); every FIGURES.searchFlushMs the counts go to listings in one request,
 * which adds them to the day's rows (each replica sends its own: they add). A send that fails is
 * logged and its counts dropped (a count of searches is not worth a retry queue); shutting down
 * sends what is waiting, before the NATS client closes.
 */
@Injectable()
export class SearchCounter implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('search-figures');
  private readonly tallies = new SearchTallies();
  private timer?: NodeJS.Timeout;
  private sending: Promise<void> = Promise.resolve();

  constructor(@Inject(Services) private readonly services: Services) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), FIGURES.searchFlushMs);
    this.timer.unref();
  }

  /** A renter's search, validated and answered with `total` results (its next pages add nothing). */
  searched(query: CountedSearch, total: number): void {
    this.tallies.count(query, total);
  }

  /** Sends the counts waiting now (one send at a time, in order). */
  flush(): Promise<void> {
    if (this.tallies.size === 0) return this.sending;
    for (const batch of this.tallies.take()) {
      this.sending = this.sending.then(() =>
        this.services.call(LISTINGS_PATTERNS.searchesCounted, { tallies: batch }).then(
          () => undefined,
          (error: unknown) => {
            const searches = batch.reduce((sum, t) => sum + t.searches, 0);
            this.logger.error(`${searches} search(es) not counted: ${error instanceof Error ? error.message : String(error)}`);
          },
        ),
      );
    }
    return this.sending;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

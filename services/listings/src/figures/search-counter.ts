import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { FIGURES, priceBandOf, searchTownOf, type SearchQuery } from '@mboa/contracts';
import { ListingsDb } from '../db.js';
import { insightsDay } from '../rules/insights.js';

interface Tally {
  day: string;
  town: string;
  propertyType: string;
  priceBand: string;
  searches: number;
  foundNothing: number;
}

/**
 * Counts the searches renters make (docs/api.md#staff-figures) without slowing one down: a search
 * adds one to a counter in memory (a Map lookup), and every FIGURES.searchFlushMs the counters go
 * to search_days in one statement that adds them to the day's rows; never a row per search. Only
 * a search's first page counts (the next pages are the same search). The town is a known town,
 * `other` or `any`, never the text typed, so no figure can name anyone. A write that fails is
 * logged and its counts dropped (a count of searches is not worth a retry queue); shutting down
 * writes what is waiting.
 */
@Injectable()
export class SearchCounter implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('listings-figures');
  private pending = new Map<string, Tally>();
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  /** The Cameroon day of the current UTC hour: Cameroon is a whole hour from UTC, so its day changes only on the hour. */
  private dayHour = -1;
  private day = '';

  constructor(private readonly db: ListingsDb) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), FIGURES.searchFlushMs);
    this.timer.unref();
  }

  /** One search answered with `total` results. */
  searched(query: Pick<SearchQuery, 'town' | 'propertyType' | 'maxPrice' | 'page'>, total: number, at = new Date()): void {
    if ((query.page ?? 1) > 1) return;
    const hour = Math.floor(at.getTime() / 3_600_000);
    if (hour !== this.dayHour) {
      this.dayHour = hour;
      this.day = insightsDay(at);
    }
    const day = this.day;
    const town = searchTownOf(query.town);
    const propertyType = query.propertyType ?? 'any';
    const priceBand = priceBandOf(query.maxPrice);
    const key = `${day}|${town}|${propertyType}|${priceBand}`;
    let tally = this.pending.get(key);
    if (!tally) this.pending.set(key, (tally = { day, town, propertyType, priceBand, searches: 0, foundNothing: 0 }));
    tally.searches += 1;
    if (total === 0) tally.foundNothing += 1;
  }

  /** Writes the counts waiting now (one write at a time, in order). */
  flush(): Promise<void> {
    const batch = [...this.pending.values()];
    this.pending = new Map();
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(() =>
      this.write(batch).catch((error: unknown) => {
        this.logger.error(`${batch.length} search count(s) not recorded: ${error instanceof Error ? error.message : String(error)}`);
      }),
    );
    return this.writing;
  }

  private async write(batch: Tally[]): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO "listings"."search_days" AS d (day, town, property_type, price_band, searches, found_nothing)
      SELECT * FROM unnest(${batch.map((t) => t.day)}::date[], ${batch.map((t) => t.town)}::text[], ${batch.map((t) => t.propertyType)}::text[],
        ${batch.map((t) => t.priceBand)}::text[], ${batch.map((t) => t.searches)}::int[], ${batch.map((t) => t.foundNothing)}::int[])
      ON CONFLICT (day, town, property_type, price_band)
      DO UPDATE SET searches = d.searches + excluded.searches, found_nothing = d.found_nothing + excluded.found_nothing`;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

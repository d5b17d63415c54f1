import { Injectable } from '@nestjs/common';
import type { SearchTally } from '@mboa/contracts';
import { ListingsDb } from '../db.js';

/**
 * Adds searches counted elsewhere to search_days (docs/api.md#staff-figures). The gateway counts
 * every renter's search it answers, its kept answers included (which never reach listings), and
 * sends its counts every FIGURES.searchFlushMs (contracts SearchTallies); listings owns the table
 * and adds a batch in one statement, never a row per search. Replicas of the gateway each send
 * their own batches: adding makes that right.
 */
@Injectable()
export class SearchDays {
  constructor(private readonly db: ListingsDb) {}

  async add(batch: readonly SearchTally[]): Promise<void> {
    await this.db.$executeRaw`
      INSERT INTO "listings"."search_days" AS d (day, town, property_type, price_band, searches, found_nothing)
      SELECT * FROM unnest(${batch.map((t) => t.day)}::date[], ${batch.map((t) => t.town)}::text[], ${batch.map((t) => t.propertyType)}::text[],
        ${batch.map((t) => t.priceBand)}::text[], ${batch.map((t) => t.searches)}::int[], ${batch.map((t) => t.foundNothing)}::int[])
      ON CONFLICT (day, town, property_type, price_band)
      DO UPDATE SET searches = d.searches + excluded.searches, found_nothing = d.found_nothing + excluded.found_nothing`;
  }
}

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
    // The batch goes as one JSON parameter: six arrays cost the driver an escape per element.
    await this.db.$executeRaw`
      INSERT INTO "listings"."search_days" AS d (day, town, property_type, price_band, searches, found_nothing)
      SELECT t.day, t.town, t."propertyType", t."priceBand", t.searches, t."foundNothing"
      FROM json_to_recordset(${JSON.stringify(batch)}::json)
        AS t(day date, town text, "propertyType" text, "priceBand" text, searches int, "foundNothing" int)
      ON CONFLICT (day, town, property_type, price_band)
      DO UPDATE SET searches = d.searches + excluded.searches, found_nothing = d.found_nothing + excluded.found_nothing`;
  }
}

import { Injectable } from '@nestjs/common';
import type { ModerationQueues, QueueAge } from '@mboa/contracts';
import { ModerationDb } from '../db.js';

interface Row {
  waiting: number;
  oldest: number | null;
}

const ageOf = (row: Row | undefined): QueueAge => ({
  waiting: row?.waiting ?? 0,
  oldestHours: row?.oldest == null ? null : Math.round(Math.max(0, row.oldest) * 10) / 10,
});

/**
 * Staff's figures (docs/api.md#staff-figures): the two queues moderation owns, as numbers only.
 * Verification: requests still pending. Reports: listings with at least one report not yet
 * handled (the queue staff see lists listings), aged by their oldest such report.
 */
@Injectable()
export class QueuesService {
  constructor(private readonly db: ModerationDb) {}

  async ages(): Promise<ModerationQueues> {
    const [verification, reports] = await Promise.all([
      this.db.$queryRaw<Row[]>`
        SELECT count(*)::int AS waiting, (extract(epoch FROM (now() AT TIME ZONE 'UTC') - min(created_at)) / 3600)::float8 AS oldest
        FROM "moderation"."verification_requests" WHERE status = 'pending'`,
      this.db.$queryRaw<Row[]>`
        SELECT count(DISTINCT property_id)::int AS waiting, (extract(epoch FROM (now() AT TIME ZONE 'UTC') - min(created_at)) / 3600)::float8 AS oldest
        FROM "moderation"."reports" WHERE resolved_at IS NULL`,
    ]);
    return { verification: ageOf(verification[0]), reports: ageOf(reports[0]) };
  }
}

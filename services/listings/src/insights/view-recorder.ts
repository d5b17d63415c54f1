import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { PropertyViewed } from '@mboa/contracts';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { ListingsDb } from '../db.js';
import { addressKeyOf, countsAsView, insightsDay, oldestKeptDay, oldestViewersDay, viewerKeyOf, withinAddressCap } from '../rules/insights.js';

/** How long views wait to be written together, and how many make a write at once. */
const FLUSH_MS = 1_000;
const FLUSH_AT = 500;
/** How often the process that runs the consumers sweeps away figures older than LIMITS.insights.keepDays (and the register past two days). */
const SWEEP_MS = 60 * 60 * 1000;

interface PendingView {
  propertyId: string;
  day: string;
  viewerKey: string;
  addressKey?: string;
  view: PropertyViewed;
}

/**
 * Turns the gateway's view messages into the days' figures (property_view_days, one row per
 * listing and day), through the register of who was already counted (property_views, docs/api.md#owner-insights). The
 * details page is the busiest read, so nothing here is on its path: views wait in memory (the
 * same person, listing and day kept once) and are written every second in one statement, those
 * of the listing's owner and of staff left out and those past an address's cap dropped
 * (rules/insights.ts), a row already there left as it is. A write that fails is logged and its views dropped: a count of views is not worth a retry
 * queue. Shutting down writes what is waiting.
 */
@Injectable()
export class ViewRecorder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('listings-insights');
  private pending = new Map<string, PendingView>();
  private flushTimer?: NodeJS.Timeout;
  private sweepTimer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    private readonly db: ListingsDb,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.consumers) return;
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** One view, as the gateway reported it. */
  record(view: PropertyViewed): void {
    const day = insightsDay(new Date(view.viewedAt));
    const viewerKey = viewerKeyOf(view.viewer);
    const key = `${view.propertyId}|${day}|${viewerKey}`;
    if (!this.pending.has(key)) this.pending.set(key, { propertyId: view.propertyId, day, viewerKey, addressKey: addressKeyOf(view.viewer), view });
    if (this.pending.size >= FLUSH_AT) void this.flush();
    else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  /** Writes the views waiting now (one write at a time, in order). */
  flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(() =>
      this.write(batch).catch((error: unknown) => {
        this.logger.error(`${batch.length} view(s) not recorded: ${error instanceof Error ? error.message : String(error)}`);
      }),
    );
    return this.writing;
  }

  private async write(batch: PendingView[]): Promise<void> {
    const ids = [...new Set(batch.map((v) => v.propertyId))];
    const owners = await this.db.$queryRaw<Array<{ id: string; owner_id: string }>>`
      SELECT id::text, owner_id::text FROM "listings"."properties" WHERE id = ANY(${ids}::uuid[])`;
    const ownerOf = new Map(owners.map((o) => [o.id, o.owner_id]));
    const owned = batch.filter((v) => {
      const ownerId = ownerOf.get(v.propertyId);
      return ownerId !== undefined && countsAsView(v.view.viewer, ownerId);
    });
    const counted = withinAddressCap(owned, await this.storedByAddress(owned));
    if (counted.length === 0) return;
    // One statement: the people not yet in the register go in, and each listing's day is
    // incremented by exactly those (RETURNING leaves out the ones another replica or an earlier
    // batch wrote), so a person counts once a day even with replicas writing at once.
    await this.db.$executeRaw`
      WITH counted AS (
        INSERT INTO "listings"."property_views" (property_id, day, viewer_key, address_key)
        SELECT * FROM unnest(${counted.map((v) => v.propertyId)}::uuid[], ${counted.map((v) => v.day)}::date[],
          ${counted.map((v) => v.viewerKey)}::text[], ${counted.map((v) => v.addressKey ?? null)}::text[])
        ON CONFLICT DO NOTHING
        RETURNING property_id, day
      )
      INSERT INTO "listings"."property_view_days" AS d (property_id, day, views)
      SELECT property_id, day, count(*)::int FROM counted GROUP BY 1, 2
      ON CONFLICT (property_id, day) DO UPDATE SET views = d.views + excluded.views`;
  }

  /**
   * The viewers already stored per listing, day and address, for the addresses of the batch's
   * visitors known only by address and browser. Two replicas writing at the same moment may pass
   * the cap by a few; a count of views can afford that, not a lock on the busiest write.
   */
  private async storedByAddress(batch: PendingView[]): Promise<Map<string, Set<string>>> {
    const capped = batch.filter((v) => v.addressKey !== undefined);
    const stored = new Map<string, Set<string>>();
    if (capped.length === 0) return stored;
    const rows = await this.db.$queryRaw<Array<{ key: string; viewer_key: string }>>`
      SELECT v.property_id::text || '|' || to_char(v.day, 'YYYY-MM-DD') || '|' || v.address_key AS key, v.viewer_key
      FROM "listings"."property_views" v
      JOIN unnest(${capped.map((v) => v.propertyId)}::uuid[], ${capped.map((v) => v.day)}::date[], ${capped.map((v) => v.addressKey ?? '')}::text[])
        AS b(property_id, day, address_key)
        ON v.property_id = b.property_id AND v.day = b.day AND v.address_key = b.address_key`;
    for (const row of rows) stored.set(row.key, (stored.get(row.key) ?? new Set()).add(row.viewer_key));
    return stored;
  }

  /**
   * Forgets the days' figures older than LIMITS.insights.keepDays and the register's people older
   * than yesterday (already counted in their day); every replica may do it, the result is the same.
   * Answers the rows removed.
   */
  async sweep(now = new Date()): Promise<number> {
    try {
      const days = await this.db.$executeRaw`DELETE FROM "listings"."property_view_days" WHERE day < ${oldestKeptDay(now)}::date`;
      const viewers = await this.db.$executeRaw`DELETE FROM "listings"."property_views" WHERE day < ${oldestViewersDay(now)}::date`;
      return days + viewers;
    } catch (error) {
      this.logger.error(`views sweep failed (the next one retries): ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.sweepTimer);
    await this.flush();
  }
}

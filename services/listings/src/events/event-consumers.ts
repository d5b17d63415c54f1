import { Inject, Injectable } from '@nestjs/common';
import { EVENT_CONSUMERS, EVENT_TYPES, type EventPayloads } from '@mboa/contracts';
import { EventConsumer, EventConsumerHost, nestEventBusLogger, silentLogger, type ConsumerBase, type EventBusLogger } from '@mboa/platform';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { ListingsDb, type ListingsTx } from '../db.js';
import { SearchIndexer } from '../indexer/search-indexer.js';
import { HoldsService } from '../holds/holds.service.js';
import { ChecksService } from '../checks/checks.service.js';
import { OwnersService } from '../owners/owners.service.js';
import { ReviewsService } from '../reviews/reviews.service.js';
import { SearchIndexProvider } from '../search/search.provider.js';
import { SavedSearchAlerts } from '../saved-searches/saved-search-alerts.service.js';
import { SavedSearchSweep } from '../saved-searches/saved-search-sweep.js';

export const LISTINGS_LOGGER = Symbol('LISTINGS_LOGGER');

const USER_EVENTS = [
  EVENT_TYPES.userRegistered,
  EVENT_TYPES.userUpdated,
  EVENT_TYPES.userVerified,
  EVENT_TYPES.userBanned,
  EVENT_TYPES.userUnbanned,
] as const;
const REVIEW_EVENTS = [EVENT_TYPES.propertyApproved, EVENT_TYPES.propertyRejected] as const;
const HOLD_EVENTS = [EVENT_TYPES.propertyHeld, EVENT_TYPES.propertyReportsResolved] as const;
const OWN_PROPERTY_EVENTS = [
  EVENT_TYPES.propertyCreated,
  EVENT_TYPES.propertyUpdated,
  EVENT_TYPES.propertyStatusChanged,
  EVENT_TYPES.propertyDeleted,
] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The service's reactions to events, each a durable JetStream consumer:
 * - `listings-owners` (database mode): the owners projection from `user.*`;
 * - `listings-reviews` (database mode): moderation's approve / reject decisions;
 * - `listings-holds` (database mode): moderation's report holds (`property.held`, ended by
 *   `property.reports-resolved`);
 * - `listings-checks` (database mode): staff's identity and control decisions
 *   (`verification.decided`), what renters are told was checked (checks/);
 *   auth and moderation also hand these four their events directly right after committing
 *   (read your writes, HANDED_OFF_TO in @mboa/contracts); JetStream's copy is then a no-op;
 * - `listings-search-indexer`: reloads what an event touched and updates the search index. For
 *   facts the two consumers above apply, it first waits until they have (processed_events), so it
 *   never indexes the state from before the change;
 * - `listings-saved-search-alerts` (database mode): matches each `property.published` against the
 *   saved searches, one alert row per search and listing in the event's transaction, then asks
 *   for a send (saved-searches/).
 */
@Injectable()
export class EventConsumers extends EventConsumerHost {
  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    @Inject(LISTINGS_LOGGER) private readonly logger: EventBusLogger,
    private readonly db: ListingsDb,
    private readonly owners: OwnersService,
    private readonly reviews: ReviewsService,
    private readonly holds: HoldsService,
    private readonly checks: ChecksService,
    private readonly indexer: SearchIndexer,
    private readonly search: SearchIndexProvider,
    private readonly savedSearchAlerts: SavedSearchAlerts,
    private readonly savedSearchSweep: SavedSearchSweep,
  ) {
    super(config, 'listings');
  }

  protected override enabled(): boolean {
    return this.config.consumers;
  }

  protected consumers(host: ConsumerBase) {
    const base = { ...host, logger: this.logger };
    const database = { client: this.db as never, schema: this.config.dbSchema };

    const owners = new EventConsumer<EventPayloads, ListingsTx>({ ...base, name: 'owners', db: database });
    for (const type of USER_EVENTS) {
      owners.on(type, async (event, ctx) => {
        await this.owners.apply(ctx.tx!, event.payload);
      });
    }

    const reviews = new EventConsumer<EventPayloads, ListingsTx>({ ...base, name: 'reviews', db: database });
    for (const type of REVIEW_EVENTS) {
      reviews.on(type, async (event, ctx) => {
        await this.reviews.apply(ctx.tx!, event.payload);
      });
    }

    const holds = new EventConsumer<EventPayloads, ListingsTx>({ ...base, name: 'holds', db: database })
      .on(EVENT_TYPES.propertyHeld, async (event, ctx) => {
        await this.holds.hold(ctx.tx!, event.payload);
      })
      .on(EVENT_TYPES.propertyReportsResolved, async (event, ctx) => {
        await this.holds.release(ctx.tx!, event.payload);
      });

    const checks = new EventConsumer<EventPayloads, ListingsTx>({ ...base, name: 'checks', db: database }).on(
      EVENT_TYPES.verificationDecided,
      async (event, ctx) => {
        await this.checks.apply(ctx.tx!, event.payload);
      },
    );

    const indexer = new EventConsumer<EventPayloads, ListingsTx>({
      ...base,
      name: 'search-indexer',
      retryDelaysMs: [200, 500, 1_000, 2_000, 5_000, 30_000],
    });
    for (const type of OWN_PROPERTY_EVENTS) {
      indexer.on(type, async (event) => {
        const p = event.payload as { property?: { id: string }; propertyId?: string };
        await this.indexer.reindexProperty(p.property?.id ?? p.propertyId ?? '');
      });
    }
    for (const type of REVIEW_EVENTS) {
      indexer.on(type, async (event) => {
        await this.appliedBy(reviews.durable, event.id);
        await this.indexer.reindexProperty(event.payload.propertyId);
      });
    }
    for (const type of HOLD_EVENTS) {
      indexer.on(type, async (event) => {
        await this.appliedBy(holds.durable, event.id);
        await this.indexer.reindexProperty(event.payload.propertyId);
      });
    }
    indexer.on(EVENT_TYPES.verificationDecided, async (event) => {
      await this.appliedBy(checks.durable, event.id);
      const decided = event.payload;
      if (decided.outcome !== 'approved') return;
      if (decided.kind === 'identity') await this.indexer.reindexOwner(decided.ownerId);
      else for (const id of decided.propertyIds) await this.indexer.reindexProperty(id);
    });
    for (const type of USER_EVENTS) {
      indexer.on(type, async (event) => {
        await this.appliedBy(owners.durable, event.id);
        // A ban hides (an unban shows) every listing; any other fact changes only their cards.
        if (type === EVENT_TYPES.userBanned || type === EVENT_TYPES.userUnbanned) await this.indexer.reindexOwner(event.payload.user.id);
        this.search.ownersChanged([event.payload.user.id]);
      });
    }

    const savedSearches = new EventConsumer<EventPayloads, ListingsTx>({ ...base, name: 'saved-search-alerts', db: database }).on(
      EVENT_TYPES.propertyPublished,
      async (event, ctx) => {
        if ((await this.savedSearchAlerts.match(ctx.tx!, event.payload)) > 0) this.savedSearchSweep.kick();
      },
    );

    // Producers hand events to these durables by name: a rename here must be one there too.
    if (
      owners.durable !== EVENT_CONSUMERS.listingsOwners ||
      reviews.durable !== EVENT_CONSUMERS.listingsReviews ||
      holds.durable !== EVENT_CONSUMERS.listingsHolds ||
      checks.durable !== EVENT_CONSUMERS.listingsChecks
    ) {
      throw new Error('listings consumer names differ from EVENT_CONSUMERS in @mboa/contracts');
    }
    return [owners, reviews, holds, checks, indexer, savedSearches];
  }

  /** Waits (briefly) until `consumer` has applied the event; throwing makes JetStream redeliver it later. */
  private async appliedBy(consumer: string, eventId: string, waitMs = 3_000): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const rows = await this.db.processedEvent.count({ where: { consumer, eventId } });
      if (rows > 0) return;
      if (Date.now() >= deadline) throw new Error(`event ${eventId} not yet applied by ${consumer}`);
      await sleep(50);
    }
  }
}

export function listingsLogger(quiet: boolean): EventBusLogger {
  return quiet ? silentLogger : nestEventBusLogger('listings-events');
}

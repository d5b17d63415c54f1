import { Injectable } from '@nestjs/common';
import {
  isUuid,
  MESSAGES,
  type Actor,
  type FavouriteCard,
  type FavouriteCardsResponse,
  type FavouriteChangeReply,
  type FavouriteIdsResponse,
  type FavouritesMergeResponse,
  type FavouritesResponse,
} from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { ListingsDb, type ListingsTx } from '../db.js';
import { PropertyReader, propertyNotFound } from '../properties/property-reader.js';
import { toPropertyRead } from '../properties/property-view.js';
import { accountCard, deviceCard, favouriteState, mayKeep, roomFor } from '../rules/favourites.js';

/** Key of pg_advisory_xact_lock beside the account: one change to an account's list at a time, so the cap holds. */
const FAVOURITES_LOCK = 0x66617673; // "favs"

/** Only favourites of live properties count and show: a deletion takes one off every list at once. */
const live = (userId: string) => ({ userId, property: { deletedAt: null } });

/** Favourites (docs/api.md#favourites): the account's list, changes to it, and the device list's cards. */
@Injectable()
export class FavouritesService {
  constructor(
    private readonly db: ListingsDb,
    private readonly reader: PropertyReader,
  ) {}

  /** The account's favourites, newest first, each marked with where it stands now. */
  async list(actor: Actor): Promise<FavouritesResponse> {
    const rows = await this.db.favourite.findMany({
      where: live(actor.userId),
      orderBy: [{ createdAt: 'desc' }, { propertyId: 'asc' }],
      select: { propertyId: true, createdAt: true },
    });
    const loaded = await this.reader.loadWithOwners(rows.map((r) => r.propertyId));
    const favourites = rows.flatMap((row): FavouriteCard[] => {
      const found = loaded.get(row.propertyId);
      if (!found) return [];
      return [accountCard(toPropertyRead(found.property, found.owner), favouriteState(found.property, found.owner), row.createdAt)];
    });
    return { favourites, total: favourites.length };
  }

  /** What the hearts need: the ids of the account's live favourites. */
  async ids(actor: Actor): Promise<FavouriteIdsResponse> {
    return { propertyIds: await this.liveIds(this.db, actor.userId) };
  }

  /** Keeps a listing the account may see; saying so twice changes nothing. 404 like details, 409 past the cap. */
  async add(actor: Actor, propertyId: unknown): Promise<FavouriteChangeReply> {
    if (!isUuid(propertyId)) throw propertyNotFound();
    const id = propertyId.toLowerCase();
    const found = (await this.reader.loadWithOwners([id])).get(id);
    if (!found || !mayKeep(found.property, found.owner, actor)) throw propertyNotFound();
    return this.db.$transaction(async (tx) => {
      await this.lock(tx, actor.userId);
      const kept = await this.liveIds(tx, actor.userId);
      if (kept.includes(id)) return { propertyId: id, favourite: true, total: kept.length };
      if (roomFor(kept.length, 1) === 0) throw fail.conflict(MESSAGES.favourites.tooMany);
      // Whatever row may linger (the listing deleted meanwhile), saying it again is no error.
      await tx.favourite.createMany({ data: [{ userId: actor.userId, propertyId: id }], skipDuplicates: true });
      return { propertyId: id, favourite: true, total: kept.length + 1 };
    });
  }

  /** Takes a listing off the account's list; one that was not on it is already off (no error). */
  async remove(actor: Actor, propertyId: unknown): Promise<FavouriteChangeReply> {
    if (!isUuid(propertyId)) throw propertyNotFound();
    const id = propertyId.toLowerCase();
    await this.db.favourite.deleteMany({ where: { userId: actor.userId, propertyId: id } });
    const total = await this.db.favourite.count({ where: live(actor.userId) });
    return { propertyId: id, favourite: false, total };
  }

  /**
   * The device list, added right after log-in or sign-up: ids of listings the account may not see
   * (unknown, deleted, hidden) are left out silently, ones already kept change nothing, and past
   * the cap the rest are dropped. The device list's order is kept (its first is the newest).
   */
  async merge(actor: Actor, propertyIds: readonly string[]): Promise<FavouritesMergeResponse> {
    const loaded = await this.reader.loadWithOwners(propertyIds);
    const keepable = propertyIds.filter((id) => {
      const found = loaded.get(id);
      return !!found && mayKeep(found.property, found.owner, actor);
    });
    return this.db.$transaction(async (tx) => {
      await this.lock(tx, actor.userId);
      const kept = new Set(await this.liveIds(tx, actor.userId));
      const fresh = keepable.filter((id) => !kept.has(id));
      const adding = fresh.slice(0, roomFor(kept.size, fresh.length));
      // One statement; a millisecond apart so the list keeps the device's order, newest first.
      const now = Date.now();
      await tx.favourite.createMany({
        data: adding.map((propertyId, i) => ({ userId: actor.userId, propertyId, createdAt: new Date(now - i) })),
        skipDuplicates: true,
      });
      return { added: adding.length, propertyIds: await this.liveIds(tx, actor.userId) };
    });
  }

  /**
   * A device list's cards, for anyone, in the order asked: a public listing's card, or only
   * `unavailable` for one the public does not see; an unknown or deleted id has no card.
   */
  async cards(ids: readonly string[]): Promise<FavouriteCardsResponse> {
    const loaded = await this.reader.loadWithOwners(ids);
    const favourites = ids.flatMap((id): FavouriteCard[] => {
      const found = loaded.get(id);
      if (!found) return [];
      return [deviceCard(id, toPropertyRead(found.property, found.owner), favouriteState(found.property, found.owner))];
    });
    return { favourites };
  }

  private async liveIds(db: ListingsDb | ListingsTx, userId: string): Promise<string[]> {
    const rows = await db.favourite.findMany({
      where: live(userId),
      orderBy: [{ createdAt: 'desc' }, { propertyId: 'asc' }],
      select: { propertyId: true },
    });
    return rows.map((r) => r.propertyId);
  }

  private async lock(tx: ListingsTx, userId: string): Promise<void> {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(${FAVOURITES_LOCK}::int, hashtext(${userId}))::text`;
  }
}

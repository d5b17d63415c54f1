import { Injectable } from '@nestjs/common';
import {
  ALERT_FREQUENCIES,
  isUuid,
  LIMITS,
  MESSAGES,
  toLanguage,
  type Actor,
  type AlertFrequency,
  type Language,
  type SavedSearch,
  type SavedSearchCreateInput,
  type SavedSearchFilters,
  type SavedSearchListReply,
  type SavedSearchUpdateInput,
  type UnsubscribeReply,
} from '@mboa/contracts';
import { fail } from '@mboa/platform';
import { ListingsDb } from '../db.js';
import { Prisma, type SavedSearch as SavedSearchRow } from '../generated/prisma/client.js';
import { isUniqueViolation } from '../db-errors.js';
import { savedSearchKey, savedSearchName } from '../rules/saved-search.js';
import { tokenHash } from '../freshness/freshness.service.js';

const notFound = () => fail.notFound(MESSAGES.savedSearches.notFound);

function toFrequency(value: string): AlertFrequency {
  return (ALERT_FREQUENCIES as readonly string[]).includes(value) ? (value as AlertFrequency) : 'instant';
}

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: row.filters as SavedSearchFilters,
    frequency: toFrequency(row.frequency),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A renter's saved searches (docs/api.md#saved-searches): at most LIMITS.savedSearches.maxPerUser,
 * each set of filters once (saved_searches' unique key on the user and the filters' canonical
 * text), named from the filters in the reader's language until renamed. Anyone else's search is
 * "not found". Alerts: saved-search-alerts.service.ts.
 */
@Injectable()
export class SavedSearchesService {
  constructor(private readonly db: ListingsDb) {}

  async list(actor: Actor): Promise<SavedSearchListReply> {
    const rows = await this.db.savedSearch.findMany({ where: { userId: actor.userId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
    return { searches: rows.map(toSavedSearch), max: LIMITS.savedSearches.maxPerUser };
  }

  async create(actor: Actor, language: Language, input: SavedSearchCreateInput): Promise<SavedSearch> {
    return this.db.$transaction(async (tx) => {
      // One save at a time per user, so two quick clicks cannot pass the cap together.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`saved-searches:${actor.userId}`}))`;
      const count = await tx.savedSearch.count({ where: { userId: actor.userId } });
      const key = savedSearchKey(input.filters);
      if (await tx.savedSearch.findUnique({ where: { userId_filtersKey: { userId: actor.userId, filtersKey: key } } })) {
        throw fail.conflict(MESSAGES.savedSearches.duplicate);
      }
      if (count >= LIMITS.savedSearches.maxPerUser) throw fail.conflict(MESSAGES.savedSearches.tooMany);
      const row = await tx.savedSearch.create({
        data: {
          userId: actor.userId,
          name: savedSearchName(input.filters, toLanguage(language), LIMITS.savedSearches.nameMax),
          filters: input.filters,
          filtersKey: key,
          frequency: input.frequency,
        },
      });
      return toSavedSearch(row);
    });
  }

  /** A new name, frequency or filters; new filters without a new name get a new automatic name. */
  async update(actor: Actor, id: string, language: Language, input: SavedSearchUpdateInput): Promise<SavedSearch> {
    // Ids are UUID columns: anything else can name no saved search (and would make PostgreSQL throw).
    if (!isUuid(id)) throw notFound();
    const current = await this.db.savedSearch.findFirst({ where: { id, userId: actor.userId } });
    if (!current) throw notFound();
    const data: Prisma.SavedSearchUpdateInput = {};
    if (input.frequency) data.frequency = input.frequency;
    if (input.filters) {
      data.filters = input.filters;
      data.filtersKey = savedSearchKey(input.filters);
      data.name = savedSearchName(input.filters, toLanguage(language), LIMITS.savedSearches.nameMax);
    }
    if (input.name) data.name = input.name;
    try {
      return toSavedSearch(await this.db.savedSearch.update({ where: { id: current.id }, data }));
    } catch (error) {
      // A unique index refused the row: this user already saved these filters.
      if (isUniqueViolation(error)) throw fail.conflict(MESSAGES.savedSearches.duplicate);
      throw error;
    }
  }

  async remove(actor: Actor, id: string): Promise<{ id: string }> {
    if (!isUuid(id)) throw notFound();
    const { count } = await this.db.savedSearch.deleteMany({ where: { id, userId: actor.userId } });
    if (count === 0) throw notFound();
    return { id };
  }

  /**
   * The alert's one-click link: deletes the search the alert was for (its alerts go with it), so
   * nothing more is sent for it. The token is kept only as a hash; a used or unknown one is 404.
   */
  async unsubscribe(token: string): Promise<UnsubscribeReply> {
    return this.db.$transaction(async (tx) => {
      const alert = await tx.savedSearchAlert.findUnique({ where: { unsubscribeTokenHash: tokenHash(token) }, include: { savedSearch: true } });
      if (!alert) throw fail.notFound(MESSAGES.savedSearches.unsubscribeInvalid);
      const owner = await tx.owner.findUnique({ where: { id: alert.userId }, select: { language: true } });
      await tx.savedSearch.deleteMany({ where: { id: alert.savedSearchId } });
      return { name: alert.savedSearch.name, language: toLanguage(owner?.language) };
    });
  }
}

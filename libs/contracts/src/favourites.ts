// Favourites (docs/api.md#favourites): the listings a renter keeps, on the account once signed in,
// on the device before. Owned by listings; the gateway checks these shapes at its door.
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { isUuid } from './helpers/ids.js';
import { actorSchema } from './schemas/common.js';
import type {
  favouriteCardSchema,
  favouriteCardsResponseSchema,
  favouriteChangeResponseSchema,
  favouriteIdsResponseSchema,
  favouritesMergeResponseSchema,
  favouritesResponseSchema,
} from './responses/favourites.js';

const F = MESSAGES.favourites;
const MAX_IDS = LIMITS.favourites.maxIdsPerRequest;

/** A list of property ids: malformed ones are refused (400), duplicates dropped, order kept. */
const propertyIdList = z
  .array(z.string({ error: F.idsInvalid }).trim().refine(isUuid, { error: F.idsInvalid }), { error: F.idsInvalid })
  .max(MAX_IDS, { error: F.tooManyIds })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** GET /api/favourites/cards?ids=a,b,c: the device list's cards (a comma list, or `ids` repeated). */
export const favouriteCardsQuerySchema = z.object({
  ids: z.preprocess((v: unknown): unknown[] => {
    const given: unknown[] = Array.isArray(v) ? (v as unknown[]) : [v];
    const parts = given.flatMap((part): unknown[] => (typeof part === 'string' ? part.split(',') : part == null ? [] : [part]));
    return parts.filter((part) => typeof part !== 'string' || part.trim() !== '');
  }, propertyIdList),
});
export type FavouriteCardsQuery = z.output<typeof favouriteCardsQuerySchema>;

/** POST /api/favourites/merge: the device list, added to the account right after log-in or sign-up. */
export const favouritesMergeSchema = z.object({
  propertyIds: z.preprocess((v) => v ?? [], propertyIdList),
});
export type FavouritesMergeInput = z.output<typeof favouritesMergeSchema>;

/**
 * Where a favourite stands: `available` (the public sees it), `rented` or `deactivated` by its
 * owner, or `unavailable` for any other reason the public no longer sees it (held for review, not
 * confirmed, owner banned), which is not told apart so as to say nothing about why.
 */
export const FAVOURITE_STATES = ['available', 'rented', 'deactivated', 'unavailable'] as const;
export type FavouriteState = (typeof FAVOURITE_STATES)[number];

/** One favourite as the list shows it. */
export type FavouriteCard = z.infer<typeof favouriteCardSchema>;

/** GET /api/favourites: the account's favourites, newest first. */
export type FavouritesResponse = z.infer<typeof favouritesResponseSchema>;

/** GET /api/favourites/cards: one card per id asked for that names a live listing, in the order asked. */
export type FavouriteCardsResponse = z.infer<typeof favouriteCardsResponseSchema>;

/** GET /api/favourites/ids: what the hearts need. */
export type FavouriteIdsResponse = z.infer<typeof favouriteIdsResponseSchema>;

/** PUT / DELETE /api/favourites/{propertyId}. */
export type FavouriteChangeResponse = z.infer<typeof favouriteChangeResponseSchema>;

/** POST /api/favourites/merge. */
export type FavouritesMergeResponse = z.infer<typeof favouritesMergeResponseSchema>;

// NATS requests (listings.favourites.*).
export const favouritesActorRequestSchema = z.object({ actor: actorSchema });
/** A malformed id is "not found" (404), as in details. */
export const favouriteChangeRequestSchema = z.object({ actor: actorSchema, propertyId: z.unknown() });
export const favouritesMergeRequestSchema = favouritesMergeSchema.extend({ actor: actorSchema });
export const favouriteCardsRequestSchema = favouriteCardsQuerySchema;

export type FavouritesActorRequest = z.input<typeof favouritesActorRequestSchema>;
export type FavouriteChangeRequest = z.input<typeof favouriteChangeRequestSchema>;
export type FavouritesMergeRequest = z.input<typeof favouritesMergeRequestSchema>;
export type FavouriteCardsRequest = z.input<typeof favouriteCardsRequestSchema>;
/** What listings answers to a change (the gateway adds the message). */
export type FavouriteChangeReply = Omit<FavouriteChangeResponse, 'message'>;

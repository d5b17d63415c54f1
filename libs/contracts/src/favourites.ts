// Favourites (docs/api.md#favourites): the listings a renter keeps, on the account once signed in,
// on the device before. Owned by listings; the gateway checks these shapes at its door.
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { isUuid } from './helpers/ids.js';
import { actorSchema } from './schemas/common.js';
import type { IsoDateString } from './types/common.js';
import type { PropertyRead } from './types/property.js';

const F = MESSAGES.favourites;
const MAX_IDS = LIMITS.favourites.maxIdsPerRequest;

/** A list of property ids: malformed ones are refused (400), duplicates dropped, order kept. */
const propertyIdList = z
  .array(z.string({ error: F.idsInvalid }).trim().refine(isUuid, { error: F.idsInvalid }), { error: F.idsInvalid })
  .max(MAX_IDS, { error: F.tooManyIds })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** GET /api/favourites/cards?ids=a,b,c: the device list's cards (a comma list, or `ids` repeated). */
export const favouriteCardsQuerySchema = z.object({
  ids: z.preprocess((v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((part) => (typeof part === 'string' ? part.split(',') : part == null ? [] : [part]));
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
export interface FavouriteCard {
  propertyId: string;
  available: boolean;
  state: FavouriteState;
  /**
   * The search card. For an account's favourite no longer available, the card as it was seen
   * (title, place, price, photo) without the owner's contact details or description; null in the
   * device list's cards for any listing the public does not see (nothing of it is told).
   */
  property: PropertyRead | null;
  /** When it was saved (account favourites only). */
  savedAt?: IsoDateString;
}

/** GET /api/favourites: the account's favourites, newest first. */
export interface FavouritesResponse {
  favourites: FavouriteCard[];
  total: number;
}

/** GET /api/favourites/cards: one card per id asked for that names a live listing, in the order asked. */
export interface FavouriteCardsResponse {
  favourites: FavouriteCard[];
}

/** GET /api/favourites/ids: what the hearts need. */
export interface FavouriteIdsResponse {
  propertyIds: string[];
}

/** PUT / DELETE /api/favourites/{propertyId}. */
export interface FavouriteChangeResponse {
  message: string;
  propertyId: string;
  favourite: boolean;
  total: number;
}

/** POST /api/favourites/merge. */
export interface FavouritesMergeResponse {
  /** Ids newly added to the account (unknown, hidden or already saved ones are not counted). */
  added: number;
  propertyIds: string[];
}

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

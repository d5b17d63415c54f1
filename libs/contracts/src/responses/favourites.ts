import { z } from 'zod';
import { FAVOURITE_STATES } from '../favourites.js';
import { isoDateSchema } from './components.js';
import { propertyReadSchema } from './property.js';

/** One favourite as the list shows it. */
export const favouriteCardSchema = z.object({
  propertyId: z.string(),
  /** The public sees it now. */
  available: z.boolean(),
  state: z.enum(FAVOURITE_STATES),
  /**
   * The search card. For an account's favourite no longer available, the card as it was seen
   * (title, place, price, photo) without the owner's contact details or description; null in the
   * device list's cards for any listing the public does not see (nothing of it is told).
   */
  property: propertyReadSchema.nullable(),
  /** When it was saved (account favourites only). */
  savedAt: isoDateSchema.optional(),
});

/** GET /api/favourites: the account's favourites, newest first. */
export const favouritesResponseSchema = z.object({ favourites: z.array(favouriteCardSchema), total: z.number().int().min(0) });

/** GET /api/favourites/cards: one card per id asked for that names a live listing, in the order asked. */
export const favouriteCardsResponseSchema = z.object({ favourites: z.array(favouriteCardSchema) });

/** GET /api/favourites/ids: what the hearts need. */
export const favouriteIdsResponseSchema = z.object({ propertyIds: z.array(z.string()) });

/** PUT / DELETE /api/favourites/{propertyId}. */
export const favouriteChangeResponseSchema = z.object({
  message: z.string(),
  propertyId: z.string(),
  favourite: z.boolean(),
  total: z.number().int().min(0),
});

/** POST /api/favourites/merge. */
export const favouritesMergeResponseSchema = z.object({
  /** Ids newly added to the account (unknown, hidden or already saved ones are not counted). */
  added: z.number().int().min(0),
  propertyIds: z.array(z.string()),
});

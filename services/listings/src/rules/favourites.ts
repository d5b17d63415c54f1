// Favourites (docs/api.md#favourites): which listings an account may keep, how each shows in the
// list, and what the device list's cards may tell someone not signed in.
import type { Actor, FavouriteCard, FavouriteState, PropertyRead } from '@mboa/contracts';
import { LIMITS } from '@mboa/contracts';
import { canSee, hiddenBecause, type OwnerFacts, type VisibilityFacts } from './visibility.js';

/**
 * Where a live favourite stands. Rented and deactivated are said (the owner's own choice, shown on
 * the listing before); any other reason the public no longer sees it is only `unavailable`, so the
 * list never tells that a listing is held for review or its owner banned.
 */
export function favouriteState(property: VisibilityFacts, owner: OwnerFacts | null, now = new Date()): FavouriteState {
  const reason = hiddenBecause(property, owner, now);
  if (reason === null) return 'available';
  if (reason === 'rented' || reason === 'deactivated') return reason;
  return 'unavailable';
}

/** An account may keep a listing it may see now (the public's, or its own): others are "not found". */
export function mayKeep(property: VisibilityFacts, owner: OwnerFacts | null, actor: Actor): boolean {
  return canSee(property, owner, actor);
}

/** How many of `wanted` new favourites fit beside `kept` ones (LIMITS.favourites.maxPerUser). */
export function roomFor(kept: number, wanted: number, max: number = LIMITS.favourites.maxPerUser): number {
  return Math.max(0, Math.min(wanted, max - kept));
}

/**
 * The card of a favourite no longer available: what the renter saw when keeping it (title, place,
 * price, first photo) and nothing to contact the owner with or read further, since the public may
 * not see the listing any more.
 */
export function withoutContact(read: PropertyRead): PropertyRead {
  return {
    ...read,
    description: '',
    author: { _id: read.author._id, name: '', email: '', whatsapp: '' },
    propertyImages: read.propertyImages.slice(0, 1),
  };
}

/** An account's favourite as its list shows it. */
export function accountCard(read: PropertyRead, state: FavouriteState, savedAt: Date): FavouriteCard {
  const available = state === 'available';
  return { propertyId: read.id, available, state, property: available ? read : withoutContact(read), savedAt: savedAt.toISOString() };
}

/**
 * A device list's card, for anyone: the card of a listing the public sees; for any other, only that
 * it is `unavailable` (a device list is ids anyone could type, so nothing of a hidden listing is
 * told, not even whether it was rented).
 */
export function deviceCard(propertyId: string, read: PropertyRead, state: FavouriteState): FavouriteCard {
  return state === 'available'
    ? { propertyId, available: true, state, property: read }
    : { propertyId, available: false, state: 'unavailable', property: null };
}

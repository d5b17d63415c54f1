// The favourites shown by every heart (docs/api.md#favourites): on the device (localStorage) for a
// visitor not signed in, on the account once signed in. At log-in or sign-up the device list is
// merged into the account and then cleared. The API is small on purpose: the ids, newest first,
// and a subscription (the offline cache reads them too).
import { LIMITS } from '@mboa/contracts';
import { ApiError } from '@mboa/web-core';
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../session/session.js';
import { addFavourite, getFavouriteIds, getFavourites, mergeFavourites, removeFavourite } from './api.js';

/** The visitor's own list, before any log-in. */
const DEVICE_KEY = 'mboa.favourites';
/** The last list read from the account, so the hearts are right at once (and offline) on the next visit. */
const ACCOUNT_KEY = 'mboa.favourites.account';

function read<T>(key: string, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}
function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode or full: the list lasts this visit only */
  }
}
const onlyIds = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const deviceIds = () => onlyIds(read<unknown>(DEVICE_KEY, []));
function accountIds(userId: string): string[] {
  const saved = read<{ userId?: unknown; ids?: unknown }>(ACCOUNT_KEY, {});
  return saved.userId === userId ? onlyIds(saved.ids) : [];
}

interface State {
  ids: readonly string[];
  /** The account the ids are from; null: the device's list. */
  userId: string | null;
}
let state: State = { ids: deviceIds(), userId: null };
const listeners = new Set<() => void>();
function set(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The favourites' ids, newest first. */
export function favouriteIds(): readonly string[] {
  return state.ids;
}
/** Calls `listener` whenever the ids change; returns the unsubscribe. */
export function subscribeFavourites(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Who the ids were last read for (undefined: nobody yet), and that read. */
let syncedFor: string | null | undefined;
let syncing: Promise<void> = Promise.resolve();
/**
 * Hearts tapped on the account while its list was on its way (id → on), in order: the answer was
 * read before them, so they are applied on top of it instead of being undone by it.
 */
let tapsDuringSync = new Map<string, boolean>();

function withTaps(ids: readonly string[], taps: ReadonlyMap<string, boolean>): string[] {
  let result = [...ids];
  for (const [id, on] of taps) result = on ? [id, ...result.filter((other) => other !== id)] : result.filter((other) => other !== id);
  return result;
}

/**
 * Follows the signed-in person: their account's list (the device list merged into it first, then
 * cleared), or the device's list when signed out. Safe to call from every heart: once per change.
 */
export function syncFavourites(userId: string | null): Promise<void> {
  if (syncedFor === userId) return syncing;
  const previous = syncedFor;
  syncedFor = userId;
  if (!userId) {
    // Signing out, or a page opening signed out (a session that ended without Logout left the
    // list behind): the account's list is no longer kept on this device; a log-in reads it again.
    if (previous !== null) write(ACCOUNT_KEY, null);
    set({ ids: deviceIds(), userId: null });
    syncing = Promise.resolve();
    return syncing;
  }
  const device = deviceIds();
  set({ ids: [...new Set([...device, ...accountIds(userId)])], userId });
  const taps = new Map<string, boolean>();
  tapsDuringSync = taps;
  syncing = (async () => {
    const answer = device.length > 0 ? await mergeFavourites(device) : await getFavouriteIds();
    if (device.length > 0) write(DEVICE_KEY, deviceIds().filter((id) => !device.includes(id)));
    if (syncedFor !== userId) return;
    const ids = withTaps(onlyIds(answer?.propertyIds), taps);
    taps.clear();
    write(ACCOUNT_KEY, { userId, ids });
    set({ ids, userId });
  })().catch((error: unknown) => {
    // Offline or refused: what is shown stays, and the next heart to appear tries again.
    if (syncedFor === userId) syncedFor = undefined;
    if (!(error instanceof ApiError)) console.warn('Favourites could not be read', error);
  });
  return syncing;
}

/** Thrown when the device list is full (an account's own limit is the server's 409). */
export class FavouritesFullError extends Error {}

/**
 * Adds or removes one favourite; resolves to whether it is a favourite now. On the account the
 * heart changes at once and goes back if the server refuses (the error is thrown for a toast).
 */
export async function toggleFavourite(id: string): Promise<boolean> {
  const before = state;
  const on = !before.ids.includes(id);
  const ids = on ? [id, ...before.ids] : before.ids.filter((other) => other !== id);
  if (!before.userId) {
    if (on && before.ids.length >= LIMITS.favourites.maxPerUser) throw new FavouritesFullError();
    write(DEVICE_KEY, ids);
    set({ ids, userId: null });
    return on;
  }
  const userId = before.userId;
  set({ ids, userId });
  tapsDuringSync.set(id, on);
  try {
    await (on ? addFavourite(id) : removeFavourite(id));
    if (state.userId === userId) write(ACCOUNT_KEY, { userId, ids: state.ids });
    keepAccountListOffline();
    return on;
  } catch (error) {
    // Refused: as before the tap, here and on top of a list still on its way.
    tapsDuringSync.set(id, !on);
    if (state.userId === userId) set({ ids: on ? state.ids.filter((other) => other !== id) : [id, ...state.ids], userId });
    throw error;
  }
}

/**
 * With a service worker, the account's list as the hearts and /favourites read it is asked again
 * after each change, so the copy the worker keeps for offline reading is never behind.
 */
function keepAccountListOffline(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  void Promise.all([getFavouriteIds(), getFavourites()]).catch(() => undefined);
}

/** Drops ids the server no longer knows (deleted listings) from the device list. */
export function forgetDeviceFavourites(gone: readonly string[]): void {
  if (state.userId || gone.length === 0) return;
  const ids = state.ids.filter((id) => !gone.includes(id));
  write(DEVICE_KEY, ids);
  set({ ids, userId: null });
}

/** Back to a fresh visit (tests). */
export function resetFavouritesStore(): void {
  syncedFor = undefined;
  syncing = Promise.resolve();
  tapsDuringSync = new Map();
  set({ ids: deviceIds(), userId: null });
}

const NONE: readonly string[] = Object.freeze([]);
const noFavourites = () => NONE;

/** The favourites for a component, following the session. */
export function useFavourites() {
  const { user, loading } = useSession();
  const userId = user ? (user.id ?? user._id) : null;
  useEffect(() => {
    if (!loading) void syncFavourites(userId);
  }, [userId, loading]);
  // A page the server drew has every heart empty (it cannot know this device's list): the browser
  // takes it over that way, then shows its own list.
  const ids = useSyncExternalStore(subscribeFavourites, favouriteIds, noFavourites);
  return { ids, isFavourite: (id: string) => ids.includes(id), toggle: toggleFavourite };
}

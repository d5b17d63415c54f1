import type {
  FavouriteCardsResponse,
  FavouriteChangeResponse,
  FavouriteIdsResponse,
  FavouritesMergeResponse,
  FavouritesResponse,
} from '@mboa/contracts';
import { api } from '@mboa/web-core';

/** The favourites calls (docs/api.md#favourites). */
export const getFavouriteIds = (signal?: AbortSignal) => api<FavouriteIdsResponse>('/favourites/ids', { signal });
export const getFavourites = (signal?: AbortSignal) => api<FavouritesResponse>('/favourites', { signal });
export const getFavouriteCards = (ids: readonly string[], signal?: AbortSignal) =>
  api<FavouriteCardsResponse>('/favourites/cards', { query: { ids: ids.join(',') }, signal });
export const addFavourite = (id: string) => api<FavouriteChangeResponse>(`/favourites/${encodeURIComponent(id)}`, { method: 'PUT' });
export const removeFavourite = (id: string) => api<FavouriteChangeResponse>(`/favourites/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const mergeFavourites = (propertyIds: readonly string[]) =>
  api<FavouritesMergeResponse>('/favourites/merge', { body: { propertyIds } });

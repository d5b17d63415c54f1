import type { AlertFrequency, SavedSearch, SavedSearchListReply } from '@mboa/contracts';
import { api } from '@mboa/web-core';
import type { SearchParams } from '../api/endpoints.js';

/** The saved-search calls (docs/api.md#saved-searches); loaded on the first click or on the profile page. */
export const saveSearch = (filters: SearchParams) => {
  // A saved search keeps what narrows the results (and a map's box), not their order or the place they are measured from.
  const { sort: _sort, page: _page, near: _near, ...kept } = filters;
  return api<{ message: string; data: SavedSearch }>('/saved-searches', { body: kept });
};
export const getSavedSearches = (signal?: AbortSignal) => api<SavedSearchListReply>('/saved-searches', { signal });
export const changeSavedSearch = (id: string, change: { name?: string; frequency?: AlertFrequency }) =>
  api<{ message: string; data: SavedSearch }>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
export const deleteSavedSearch = (id: string) => api<{ message: string }>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });

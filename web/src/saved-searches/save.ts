import { ApiError, type TFunction } from '@mboa/web-core';
import { toSearchParams, type Filters } from '../home/filters.js';
import { saveSearch } from './api.js';

/** Saves the home filters; what to tell the person: the name it was saved under, or why not. */
export async function saveHomeSearch(filters: Filters, t: TFunction, bbox?: string): Promise<{ ok: boolean; text: string }> {
  try {
    const { data } = await saveSearch({ ...toSearchParams(filters, 1), ...(bbox ? { bbox } : {}) });
    return { ok: true, text: t('savedSearches.saved', { name: data.name }) };
  } catch (error) {
    // The service's refusals (already saved, too many) come in the reader's language.
    return { ok: false, text: error instanceof ApiError && error.status < 500 && error.message ? error.message : t('savedSearches.failed') };
  }
}

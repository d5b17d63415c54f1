import type { AlertFrequency, SavedSearch } from '@mboa/contracts';
import { ApiError, useI18n } from '@mboa/web-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { changeSavedSearch, deleteSavedSearch, getSavedSearches } from './api.js';
import './saved-searches.css';
import '../i18n/parts/savedSearches.js';

export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;
/** ALERT_FREQUENCIES, written here so this chunk does not pull the contracts' schemas in. */
const FREQUENCIES: readonly AlertFrequency[] = ['instant', 'daily'];

/**
 * The profile's "Saved searches": each search's name (renamed in place), how often it alerts
 * (right away or a daily digest) and a delete button. Its own chunk: the profile page loads it.
 */
export default function SavedSearchesSection() {
  const { t } = useI18n();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const list = useQuery({ queryKey: SAVED_SEARCHES_KEY, queryFn: ({ signal }) => getSavedSearches(signal) });

  async function run(change: () => Promise<unknown>) {
    setProblem(null);
    try {
      await change();
      await client.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
    } catch (error) {
      setProblem(error instanceof ApiError && error.status < 500 && error.message ? error.message : t('savedSearches.changeFailed'));
    }
  }

  return (
    <section className="panel saved-searches" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title">{t('savedSearches.title')}</h2>
      <p className="muted">{t('savedSearches.intro')}</p>
      {list.isError ? (
        <p className="form-error" role="alert">
          {t('savedSearches.loadFailed')}
        </p>
      ) : list.isPending ? (
        <div className="skeleton line w80" aria-busy="true" />
      ) : list.data.searches.length === 0 ? (
        <p>{t('savedSearches.empty')}</p>
      ) : (
        <ul className="saved-search-list">
          {list.data.searches.map((search) => (
            <SavedSearchRow key={search.id} search={search} run={run} />
          ))}
        </ul>
      )}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function SavedSearchRow({ search, run }: { search: SavedSearch; run: (change: () => Promise<unknown>) => Promise<void> }) {
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(search.name);

  return (
    <li className="saved-search">
      {editing ? (
        <form
          className="row-between"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => changeSavedSearch(search.id, { name })).then(() => setEditing(false));
          }}
        >
          <input aria-label={t('savedSearches.renameLabel', { name: search.name })} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="btn btn-primary">
            {t('savedSearches.saveName')}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => (setEditing(false), setName(search.name))}>
            {t('savedSearches.cancel')}
          </button>
        </form>
      ) : (
        <p className="saved-search-name">{search.name}</p>
      )}
      <div className="row-between">
        <select
          aria-label={t('savedSearches.frequency', { name: search.name })}
          value={search.frequency}
          onChange={(e) => void run(() => changeSavedSearch(search.id, { frequency: e.target.value as AlertFrequency }))}
        >
          {FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {t(`savedSearches.${f}`)}
            </option>
          ))}
        </select>
        {editing ? null : (
          <button type="button" className="btn btn-outline" onClick={() => setEditing(true)}>
            {t('savedSearches.rename')}
          </button>
        )}
        <button type="button" className="btn btn-danger" aria-label={t('savedSearches.removeLabel', { name: search.name })} onClick={() => void run(() => deleteSavedSearch(search.id))}>
          {t('savedSearches.remove')}
        </button>
      </div>
    </li>
  );
}

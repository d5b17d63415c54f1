import { LIMITS, type PropertyRead } from '@mboa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchProperties } from '../api/endpoints.js';
import { FiltersPanel } from '../home/FiltersPanel.js';
import { activeFilterCount, EMPTY_FILTERS, filterChips, removeChip, sameFilters, toSearchParams, type Filters } from '../home/filters.js';
import { t } from '../i18n/index.js';
import { useRequestModal } from '../shell/RequestModal.js';
import { PropertyCard, SkeletonCard } from '../ui/PropertyCard.js';

interface Snapshot {
  filters: Filters;
  items: PropertyRead[];
  page: number;
  totalPages: number;
  total: number;
}
/**
 * The last results, kept for the session: coming back from a property shows the same list at once
 * (and the same scroll position) instead of downloading it again over mobile data.
 */
let snapshot: Snapshot | null = null;
/** For tests. */
export function forgetHomeSnapshot(): void {
  snapshot = null;
}

function mergeById(list: PropertyRead[], more: PropertyRead[]): PropertyRead[] {
  const seen = new Set(list.map((p) => p.id ?? p._id));
  return [...list, ...more.filter((p) => !seen.has(p.id ?? p._id))];
}

export default function Home() {
  const initial = useRef(snapshot).current;
  const [filters, setFilters] = useState<Filters>(initial?.filters ?? EMPTY_FILTERS);
  const [searchText, setSearchText] = useState(filters.search);
  const [items, setItems] = useState<PropertyRead[]>(initial?.items ?? []);
  const [page, setPage] = useState(initial?.page ?? 0);
  const [totalPages, setTotalPages] = useState(initial?.totalPages ?? 0);
  const [total, setTotal] = useState(initial?.total ?? 0);
  const [status, setStatus] = useState<'idle' | 'loading' | 'more'>(initial ? 'idle' : 'loading');
  const [failed, setFailed] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [sentinelVisible, setSentinelVisible] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const requestId = useRef(0);
  const skipFirstLoad = useRef(Boolean(initial));
  const openRequest = useRequestModal();

  // 400 ms after the last keystroke the text becomes a filter.
  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, search: searchText })), LIMITS.search.debounceMs);
    return () => clearTimeout(timer);
  }, [searchText, filters.search]);

  const load = useCallback(async (f: Filters, p: number) => {
    const id = ++requestId.current;
    setStatus(p === 1 ? 'loading' : 'more');
    setFailed(false);
    try {
      const result = await searchProperties(toSearchParams(f, p));
      if (id !== requestId.current) return;
      const list = Array.isArray(result?.properties) ? result.properties : [];
      setItems((previous) => (p === 1 ? list : mergeById(previous, list)));
      setPage(p);
      setTotalPages(Number(result?.totalPages) || 0);
      setTotal(Number(result?.total) || 0);
    } catch (error) {
      if (id !== requestId.current) return;
      // Search errors are only logged.
      console.error('Property search failed', error);
      if (p === 1) {
        setItems([]);
        setTotal(0);
        setTotalPages(0);
        setPage(1);
      }
      setFailed(true);
    } finally {
      if (id === requestId.current) setStatus('idle');
    }
  }, []);

  // Any filter change starts again at page 1.
  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    void load(filters, 1);
  }, [filters, load]);

  useEffect(() => {
    if (status === 'idle') snapshot = { filters, items, page, totalPages, total };
  }, [status, filters, items, page, totalPages, total]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setSentinelVisible(Boolean(entry?.isIntersecting)), {
      threshold: LIMITS.search.infiniteScrollThreshold,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const hasMore = page < totalPages;
  useEffect(() => {
    if (sentinelVisible && hasMore && status === 'idle' && !failed) void load(filters, page + 1);
  }, [sentinelVisible, hasMore, status, failed, filters, page, load]);

  const apply = (next: Filters) => {
    if (!sameFilters(next, filters)) setFilters(next);
  };
  const clearEverything = () => {
    setSearchText('');
    apply(EMPTY_FILTERS);
    setPanelOpen(false);
  };

  const count = activeFilterCount(filters);
  const chips = filterChips(filters);
  const firstLoading = status === 'loading';

  return (
    <div className="container home">
      <section className="hero">
        <h1>{t.home.heroTitle}</h1>
        <p className="muted">{t.home.heroText}</p>
      </section>

      <form className="searchbar" role="search" onSubmit={(e) => (e.preventDefault(), setFilters((f) => ({ ...f, search: searchText })))}>
        <label htmlFor="home-search" className="sr-only">
          {t.home.searchLabel}
        </label>
        <input
          id="home-search"
          type="search"
          enterKeyHint="search"
          value={searchText}
          placeholder={t.home.searchPlaceholder}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-outline filters-button"
          aria-expanded={panelOpen}
          aria-controls="home-filters"
          onClick={() => setPanelOpen((o) => !o)}
        >
          {t.home.filters}
          {count > 0 ? (
            <span className="count-badge" aria-label={t.home.activeFilters(count)} data-testid="filter-count">
              {count}
            </span>
          ) : null}
        </button>
      </form>

      {panelOpen ? (
        <FiltersPanel
          id="home-filters"
          applied={filters}
          onApply={(next) => (apply(next), setPanelOpen(false))}
          onReset={() => (apply({ ...EMPTY_FILTERS, search: filters.search }), setPanelOpen(false))}
          onClose={() => setPanelOpen(false)}
        />
      ) : null}

      <div className="results-bar">
        <p className="result-count" aria-live="polite">
          {firstLoading ? '\u00a0' : t.home.resultCount(total)}
        </p>
        {chips.length > 0 ? (
          <ul className="chips">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button type="button" className="chip" aria-label={t.home.removeChip(chip.label)} onClick={() => apply(removeChip(filters, chip.key))}>
                  {chip.label} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      {firstLoading ? (
        <div className="grid" aria-busy="true">
          {Array.from({ length: LIMITS.search.skeletonCards }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="empty-state">
          <h2>{t.property.noPropertiesFound}</h2>
          <p className="muted">{t.home.emptyText}</p>
          <div className="row-center">
            <button type="button" className="btn btn-outline" onClick={clearEverything}>
              {t.ui.clearAllFilters}
            </button>
            <button type="button" className="btn btn-primary" onClick={openRequest}>
              {t.ui.requestProperty}
            </button>
          </div>
        </div>
      ) : (
        <div className="grid">
          {items.map((property, index) => (
            <PropertyCard key={property.id ?? property._id} property={property} eager={index < 2} />
          ))}
        </div>
      )}

      <div ref={sentinel} className="sentinel" aria-hidden="true" />
      {status === 'more' ? <p className="muted center">{t.home.loadingMore}</p> : null}
      {failed && hasMore && items.length > 0 ? (
        <div className="row-center">
          <button type="button" className="btn btn-outline" onClick={() => void load(filters, page + 1)}>
            {t.home.loadMore}
          </button>
        </div>
      ) : null}
      {!firstLoading && status === 'idle' && !hasMore && items.length > 0 ? (
        <div className="end-of-list">
          <p>{t.property.endOfListings}</p>
          <p className="muted">{t.home.endText}</p>
          <button type="button" className="btn btn-primary" onClick={openRequest}>
            {t.ui.requestProperty}
          </button>
        </div>
      ) : null}
    </div>
  );
}

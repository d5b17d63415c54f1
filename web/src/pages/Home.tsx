import { LIMITS, type PropertyRead } from '@mboa/contracts';
import { isAbort, useI18n } from '@mboa/web-core';
import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { searchProperties } from '../api/endpoints.js';
import { useNavigation, useSearchParams } from 'react-router';
import { FiltersPanel } from '../home/FiltersPanel.js';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  filterChips,
  filtersFromAddress,
  filtersToAddress,
  nearFilters,
  removeChip,
  withoutNear,
  sameFilters,
  toSearchParams,
  type Filters,
} from '../home/filters.js';
import { lastSearchWhenOffline, rememberLastSearch } from '../offline/last-search.js';
import { useRequestModal } from '../shell/request-modal.js';
import { SaveSearchButton } from '../saved-searches/SaveSearchButton.js';
import { PropertyCard, SkeletonCard } from '../ui/PropertyCard.js';
import { navigationPending } from '../shell/pending-navigation.js';
import { SEARCH_KEY } from './queryKeys.js';
import { MapBoundary } from '../map/MapBoundary.js';

// The map and the landmark list come on the tap that asks for them (Leaflet never weighs on the first visit).
const HomeMap = lazy(() => import('../map/HomeMap.js'));
const NearPlace = lazy(() => import('../map/NearPlace.js'));

/** The cache key of a search's pages (the server fills it for the page it draws: web/src/entry-server.tsx). */
export const searchKey = (filters: Filters): QueryKey => [...SEARCH_KEY, toSearchParams(filters, 1)];

/**
 * The filters last searched, kept for the session with their answers (the cache): coming back from a
 * property shows the same list at once (and the same scroll position) instead of downloading it
 * again over mobile data.
 */
let lastFilters: Filters | null = null;
/** List or Map, kept for the session like the filters. */
let lastView: 'list' | 'map' = 'list';
/** For tests. */
export function forgetHomeSnapshot(): void {
  lastFilters = null;
  lastView = 'list';
}

function mergeById(list: PropertyRead[], more: PropertyRead[]): PropertyRead[] {
  const seen = new Set(list.map((p) => p.id ?? p._id));
  return [...list, ...more.filter((p) => !seen.has(p.id ?? p._id))];
}

export default function Home() {
  const { t, m } = useI18n();
  const [address, setAddress] = useSearchParams();
  // A tap on a card may be on its way (its page's code loading) when the search text settles: the
  // address must not then replace that navigation and pull the visitor back to the list.
  const navigation = useNavigation();
  const navigating = useRef(false);
  useEffect(() => {
    navigating.current = navigation.state !== 'idle';
  }, [navigation.state]);
  // A shared or indexed address names its search; otherwise the one left this session; opened
  // offline, the last search's results are the ones this device kept (web/src/offline/).
  const [filters, setFilters] = useState<Filters>(() => filtersFromAddress(address.toString()) ?? lastFilters ?? lastSearchWhenOffline() ?? EMPTY_FILTERS);
  const [searchText, setSearchText] = useState(filters.search);
  const [panelOpen, setPanelOpen] = useState(false);
  const [sentinelVisible, setSentinelVisible] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const openRequest = useRequestModal();
  const [view, setView] = useState<'list' | 'map'>(() => lastView);
  const [mapBox, setMapBox] = useState<string | null>(null);
  const [nearPlaceOpen, setNearPlaceOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const [geoProblem, setGeoProblem] = useState<string | null>(null);
  // What `near` was set from, for its chip (an address that came with `near` names neither).
  const [nearName, setNearName] = useState<{ me: true } | { place: string } | null>(null);
  const nearLabel = !nearName ? t('map.nearChip') : 'me' in nearName ? t('map.nearMeChip') : t('map.nearPlaceChip', { name: nearName.place });
  const show = (next: 'list' | 'map') => {
    lastView = next;
    setView(next);
    if (next === 'list') setMapBox(null);
  };

  const choose = useCallback(
    (next: Filters) => {
      lastFilters = next;
      rememberLastSearch(next);
      setFilters(next);
      // The address follows the search, so it can be shared and a reload shows the same results.
      if (!navigating.current && !navigationPending()) setAddress((current) => filtersToAddress(next, current), { replace: true, preventScrollReset: true });
    },
    [setAddress],
  );

  const search = useInfiniteQuery({
    queryKey: searchKey(filters),
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await searchProperties(toSearchParams(filters, pageParam), signal);
      } catch (error) {
        // Search errors are only logged.
        if (!isAbort(error)) console.error('Property search failed', error);
        throw error;
      }
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < (Number(last?.totalPages) || 0) ? pages.length + 1 : undefined),
    // The list on screen stays until the next filters' answer replaces it: no flash of skeletons.
    placeholderData: keepPreviousData,
    // A list seen this session is shown again as it was, unless a change to a listing invalidated it;
    // a filter change still asks again (the answer may have changed since).
    refetchOnMount: (query) => query.state.isInvalidated,
    gcTime: Infinity,
  });
  const pages = search.isError && !search.isFetchNextPageError ? [] : (search.data?.pages ?? []);
  const items = pages.reduce<PropertyRead[]>((list, p) => mergeById(list, Array.isArray(p?.properties) ? p.properties : []), []);
  const total = Number(pages.at(-1)?.total) || 0;
  // Past 1,000 matches a search stops counting and says so: "1,000+ properties found".
  const totalIsLowerBound = pages.at(-1)?.totalIsLowerBound === true;
  const hasMore = search.hasNextPage;
  const failed = search.isFetchNextPageError;
  const { fetchNextPage, isFetching } = search;

  // 400 ms after the last keystroke the text becomes a filter.
  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => choose({ ...filters, search: searchText }), LIMITS.search.debounceMs);
    return () => clearTimeout(timer);
  }, [searchText, filters, choose]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setSentinelVisible(Boolean(entry?.isIntersecting)), {
      threshold: LIMITS.search.infiniteScrollThreshold,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // The end of the list on screen asks for the next page, again after each page while it stays there.
  useEffect(() => {
    if (sentinelVisible && hasMore && !isFetching && !failed) void fetchNextPage();
  }, [sentinelVisible, hasMore, isFetching, failed, fetchNextPage]);

  const apply = (next: Filters) => {
    if (!sameFilters(next, filters)) choose(next);
  };
  const clearEverything = () => {
    setSearchText('');
    apply(EMPTY_FILTERS);
    setPanelOpen(false);
  };

  async function nearMe() {
    setGeoProblem(null);
    setNearPlaceOpen(false);
    setLocating(true);
    try {
      // Loaded on the tap, with the map texts that word what can go wrong: nothing of it weighs on the first visit.
      const [{ locate, problemOf }] = await Promise.all([import('../map/geolocate.js'), import('../i18n/parts/map.js')]);
      try {
        const here = await locate();
        setNearName({ me: true });
        apply(nearFilters(filters, here));
      } catch (error) {
        setGeoProblem(t(`map.${problemOf(error)}`));
      }
    } catch {
      setGeoProblem(t('map.loadFailed'));
    } finally {
      setLocating(false);
    }
  }

  const count = activeFilterCount(filters);
  const chips = filterChips(filters, t);
  const firstLoading = search.isPending;

  return (
    <div className="container home">
      <section className="hero">
        <h1>{t('home.heroTitle')}</h1>
        <p className="muted">{t('home.heroText')}</p>
      </section>

      <form className="searchbar" role="search" onSubmit={(e) => (e.preventDefault(), apply({ ...filters, search: searchText }))}>
        <label htmlFor="home-search" className="sr-only">
          {t('home.searchLabel')}
        </label>
        <input
          id="home-search"
          type="search"
          enterKeyHint="search"
          value={searchText}
          placeholder={t('home.searchPlaceholder')}
          onChange={(e) => setSearchText(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-outline filters-button"
          aria-expanded={panelOpen}
          aria-controls="home-filters"
          onClick={() => setPanelOpen((o) => !o)}
        >
          {t('home.filters')}
          {count > 0 ? (
            <span className="count-badge" aria-label={t('home.activeFilters', { count })} data-testid="filter-count">
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

      <div className="map-bar">
        <div className="view-switch" role="group" aria-label={t('map.viewLabel')}>
          <button type="button" aria-pressed={view === 'list'} onClick={() => show('list')}>
            {t('map.viewList')}
          </button>
          <button type="button" aria-pressed={view === 'map'} onClick={() => show('map')}>
            {t('map.viewMap')}
          </button>
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void nearMe()} disabled={locating}>
          {locating ? t('map.locating') : t('map.nearMe')}
        </button>
        <button type="button" className="btn btn-outline btn-sm" aria-expanded={nearPlaceOpen} onClick={() => (setGeoProblem(null), setNearPlaceOpen((o) => !o))}>
          {t('map.nearPlace')}
        </button>
      </div>
      {geoProblem ? (
        <p className="form-error" role="alert">
          {geoProblem}
        </p>
      ) : null}
      {nearPlaceOpen ? (
        <Suspense fallback={null}>
          <NearPlace town={filters.town.trim()} onPick={(place) => (setNearName({ place: place.name }), apply(nearFilters(filters, place)), setNearPlaceOpen(false))} />
        </Suspense>
      ) : null}
      {view === 'map' ? (
        <MapBoundary failed={<p className="form-error" role="alert">{t('map.loadFailed')}</p>}>
          <Suspense fallback={<p className="muted">{t('map.loading')}</p>}>
            <HomeMap filters={filters} onBox={setMapBox} />
          </Suspense>
        </MapBoundary>
      ) : null}

      <div className="results-bar">
        <p className="result-count" aria-live="polite">
          {firstLoading
            ? '\u00a0'
            : totalIsLowerBound
              ? t('home.resultCountAtLeast', { count: total })
              : t('home.resultCount', { count: total })}
        </p>
        {chips.length > 0 ? (
          <ul className="chips">
            {chips.map((chip) => (
              <li key={chip.key}>
                <button type="button" className="chip" aria-label={t('home.removeChip', { label: chip.label })} onClick={() => apply(removeChip(filters, chip.key))}>
                  {chip.label} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {filters.near ? (
          <ul className="chips">
            <li>
              <button type="button" className="chip" aria-label={t('home.removeChip', { label: nearLabel })} onClick={() => (setNearName(null), apply(withoutNear(filters)))}>
                {nearLabel} <span aria-hidden="true">×</span>
              </button>
            </li>
          </ul>
        ) : null}
        <SaveSearchButton filters={{ ...filters, search: searchText }} bbox={view === 'map' ? (mapBox ?? undefined) : undefined} />
      </div>

      {/* The list stays in the page under the map view, hidden: switching back keeps its place and pages. */}
      <div hidden={view === 'map'}>
        {firstLoading ? (
          <div className="grid" aria-busy="true">
            {Array.from({ length: LIMITS.search.skeletonCards }, (_, i) => (
              <SkeletonCard key={i} />
            ))}
          </div>
        ) : items.length === 0 ? (
          <div className="empty-state">
            <h2>{m.property.noPropertiesFound}</h2>
            <p className="muted">{t('home.emptyText')}</p>
            <div className="row-center">
              <button type="button" className="btn btn-outline" onClick={clearEverything}>
                {m.ui.clearAllFilters}
              </button>
              <button type="button" className="btn btn-primary" onClick={openRequest}>
                {m.ui.requestProperty}
              </button>
            </div>
          </div>
        ) : (
          <div className="grid" aria-busy={search.isPlaceholderData || undefined}>
            {items.map((property, index) => (
              <PropertyCard key={property.id ?? property._id} property={property} first={index === 0} />
            ))}
          </div>
        )}

        <div ref={sentinel} className="sentinel" aria-hidden="true" />
        {search.isFetchingNextPage ? <p className="muted center">{t('home.loadingMore')}</p> : null}
        {failed && hasMore && items.length > 0 ? (
          <div className="row-center">
            <button type="button" className="btn btn-outline" onClick={() => void fetchNextPage()}>
              {t('home.loadMore')}
            </button>
          </div>
        ) : null}
        {!firstLoading && !isFetching && !hasMore && items.length > 0 ? (
          <div className="end-of-list">
            <p>{m.property.endOfListings}</p>
            <p className="muted">{t('home.endText')}</p>
            <button type="button" className="btn btn-primary" onClick={openRequest}>
              {m.ui.requestProperty}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

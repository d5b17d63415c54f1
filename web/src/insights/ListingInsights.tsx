import { LIMITS, type ListingInsights } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { getMyListingsInsights } from '../api/endpoints.js';
import '../i18n/parts/insights.js';

/** The 30-day chart's code is fetched only when an owner opens a listing's days. */
const InsightsChart = lazy(() => import('./InsightsChart.js'));

const WIDTH = 64;
const HEIGHT = 18;

/** The polyline's points for `values` in a WIDTH × HEIGHT box: oldest on the left, the day with most at the top. */
export function sparklinePoints(values: readonly number[], width = WIDTH, height = HEIGHT): string {
  if (values.length === 0) return '';
  const peak = Math.max(1, ...values);
  const step = values.length > 1 ? (width - 2) / (values.length - 1) : 0;
  return values.map((v, i) => `${round(1 + i * step)},${round(height - 1 - (v / peak) * (height - 2))}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A tiny line of views per day (hand-written SVG, no chart library), labelled for screen readers. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  return (
    <svg className="sparkline" role="img" aria-label={label} width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
      <polyline points={sparklinePoints(values)} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** "12 views · 2 contacts (1 from confirmed numbers) (30 days)" and the views' sparkline, for one listing of My Listings. */
export function ListingInsightsLine({ insights }: { insights: ListingInsights }) {
  const { t, format } = useI18n();
  const days = insights.daily.length;
  const views = insights.daily.map((d) => d.views);
  const busiest = insights.daily.reduce((best, d) => (d.views > best.views ? d : best), insights.daily[0]);
  const label =
    insights.views30d === 0 || !busiest
      ? t('insights.chartNone', { days })
      : t('insights.chart', {
          days,
          day: format.date(busiest.day),
          busiest: t('insights.views', { count: busiest.views }),
          today: t('insights.views', { count: insights.daily.at(-1)?.views ?? 0 }),
        });
  return (
    <p className="insights-line muted small" data-testid="listing-insights">
      <span>
        {t('insights.views', { count: insights.views30d })} · {t('insights.contacts', { count: insights.contacts30d })}
        {/* Contacts from renters whose own number was confirmed: people the owner can rely on more. */}
        {insights.provenContacts30d > 0 ? ` (${t('insights.provenContacts', { count: insights.provenContacts30d })})` : null}{' '}
        {t('insights.period', { days: LIMITS.insights.days })}
      </span>
      <Sparkline values={views} label={label} />
    </p>
  );
}

/** Today's views and contacts of one listing (the window's last day), beside the 30 days' totals. */
export function ListingInsightsToday({ insights }: { insights: ListingInsights }) {
  const { t } = useI18n();
  const today = insights.daily.at(-1);
  return (
    <p className="muted small insights-today" data-testid="listing-insights-today">
      {t('insights.todayTotals', {
        views: t('insights.views', { count: today?.views ?? 0 }),
        contacts: t('insights.contacts', { count: today?.contacts ?? 0 }),
      })}
    </p>
  );
}

/**
 * One listing's insights in My Listings: the 30 days' line, today's totals, and its days drawn on
 * demand. Whether the days are open is the caller's when it passes `open` (My Listings keeps it by
 * listing, so a background read of the list does not close them), else the block's own.
 */
export function ListingInsightsBlock({
  insights,
  open: openByCaller,
  onOpenChange,
}: {
  insights: ListingInsights;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const { t } = useI18n();
  const [openHere, setOpenHere] = useState(false);
  const open = openByCaller ?? openHere;
  return (
    <div className="insights-block">
      <ListingInsightsLine insights={insights} />
      <ListingInsightsToday insights={insights} />
      <details
        open={open}
        onToggle={(e) => {
          // Also fired when `open` itself opened it (a row drawn again): nothing changed then.
          const now = e.currentTarget.open;
          if (now === open) return;
          setOpenHere(now);
          onOpenChange?.(now);
        }}
      >
        <summary className="small">{t('insights.perDay', { days: insights.daily.length })}</summary>
        {open ? (
          <Suspense fallback={<p className="muted small">{t('insights.loadingChart')}</p>}>
            <InsightsChart daily={insights.daily} />
          </Suspense>
        ) : null}
      </details>
    </div>
  );
}

/**
 * The insights of the listings one My Listings page shows, read once the list is there (never
 * holding it up); on an error nothing is shown. Keyed by the ids, so a new page reads its own.
 */
export function useListingsInsights(ids: readonly string[]): ReadonlyMap<string, ListingInsights> {
  const query = useQuery({
    queryKey: ['my-listings-insights', ids],
    queryFn: ({ signal }) => getMyListingsInsights(ids, signal),
    enabled: ids.length > 0,
    // While the insights of a changed list are read (a listing deleted), the rows still shown keep
    // theirs, and a chart open in one stays open.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  return new Map((query.data?.listings ?? []).map((l) => [l.propertyId, l]));
}

import { FIGURES, type AdminFigures } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { getFigures } from '../api/admin.js';
import { ListState } from '../components/ListState.js';
import { useLoad } from '../components/useLoad.js';
import { DailyBars, RankedBars } from '../figures/DailyBars.js';
import '../figures/figures.css';

/**
 * Staff's daily figures (GET /api/admin/figures, docs/api.md#staff-figures): listings posted and
 * decided, contacts, searches per day; where renters search and where they find nothing; how long
 * a listing waits for a decision. Numbers only: nothing names a person.
 */
export default function Figures() {
  const { t } = useI18n();
  const { data, error, loading, reload } = useLoad(['admin', 'figures', FIGURES.defaultDays], (signal) => getFigures(FIGURES.defaultDays, signal));
  return (
    <section>
      <h1>{t('figures.title')}</h1>
      <p className="muted small">{t('figures.intro', { days: FIGURES.defaultDays })}</p>
      <ListState loading={loading} error={error} empty={!data} emptyText="" onRetry={reload} />
      {data ? <FiguresCharts figures={data} /> : null}
    </section>
  );
}

export function FiguresCharts({ figures }: { figures: AdminFigures }) {
  const { t, format } = useI18n();
  const days = figures.days.map((d) => d.day);
  const hours = (h: number | null) => (h === null ? t('figures.none') : t('figures.hours', { value: format.number(h) }));
  const town = (name: string) => (name === 'any' ? t('figures.anyTown') : name === 'other' ? t('figures.otherTown') : name);
  const type = (name: string) => (name === 'any' ? t('figures.anyType') : t(`labels.propertyType.${name}`, { defaultValue: name }));
  const band = (name: string) => t(`figures.priceBand.${name}`, { defaultValue: name });
  return (
    <>
      <div className="figure-summary" data-testid="figures-summary">
        <div>
          <span className="small muted">{t('figures.medianDecision')}</span>
          <strong>{hours(figures.medianDecisionHours)}</strong>
          <span className="small muted">{t('figures.decisions', { count: figures.decisions })}</span>
        </div>
        {(
          [
            ['review', t('figures.reviewWaiting'), figures.reviewQueue],
            ['verification', t('figures.verificationWaiting'), figures.verificationQueue],
            ['reports', t('figures.reportsWaiting'), figures.reportsQueue],
          ] as const
        ).map(([key, label, queue]) => (
          <div key={key} data-testid={`queue-${key}`}>
            <span className="small muted">{label}</span>
            <strong>{format.number(queue.waiting)}</strong>
            <span className="small muted">{t('figures.oldest', { age: hours(queue.oldestHours) })}</span>
          </div>
        ))}
      </div>
      <div className="figure-grid">
        <DailyBars
          title={t('figures.listingsPerDay')}
          days={days}
          series={[
            { label: t('figures.posted'), values: figures.days.map((d) => d.posted), tone: 'brand' },
            { label: t('figures.approved'), values: figures.days.map((d) => d.approved), tone: 'ok' },
            { label: t('figures.rejected'), values: figures.days.map((d) => d.rejected), tone: 'warn' },
          ]}
        />
        <DailyBars
          title={t('figures.contactsAndSearches')}
          days={days}
          series={[
            { label: t('figures.contacts'), values: figures.days.map((d) => d.contacts), tone: 'ink' },
            { label: t('figures.searches'), values: figures.days.map((d) => d.searches), tone: 'brand' },
            { label: t('figures.foundNothing'), values: figures.days.map((d) => d.foundNothing), tone: 'warn' },
          ]}
        />
        <RankedBars
          title={t('figures.searchesByTown')}
          columns={[t('figures.town'), t('figures.foundNothing'), t('figures.searches')]}
          rows={figures.searchesByTown.map((r) => ({ key: r.town, cells: [town(r.town), format.number(r.foundNothing)], value: r.searches }))}
          empty={t('figures.noSearches')}
        />
        <RankedBars
          title={t('figures.foundNothingBy')}
          columns={[t('figures.town'), t('figures.type'), t('figures.priceBandColumn'), t('figures.searches')]}
          rows={figures.foundNothing.map((r) => ({ key: `${r.town}|${r.propertyType}|${r.priceBand}`, cells: [town(r.town), type(r.propertyType), band(r.priceBand)], value: r.searches }))}
          empty={t('figures.noneFoundNothing')}
        />
      </div>
    </>
  );
}

import type { InsightsDay } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import './insights-chart.css';

// One listing's 30 days, opened from My Listings (ListingInsights.tsx loads this module only then).
// Hand-written SVG, no chart library: two rows of 30 bars need none, and uPlot (22.0 KB gzip) or
// Chart.js (70.4 KB) would weigh more than the whole screen (docs/benchmarks.md#charts).

const WIDTH = 300;
const BAR_ROW = 48;
const GAP = 1;

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bars of `values` in a WIDTH × `height` box: oldest on the left, the day with most reaching the top; a zero draws no bar. */
export function barsOf(values: readonly number[], width = WIDTH, height = BAR_ROW): Bar[] {
  const peak = Math.max(1, ...values);
  const step = values.length > 0 ? width / values.length : 0;
  return values.map((v, i) => {
    const h = Math.round((v / peak) * height * 10) / 10;
    return { x: Math.round(i * step * 10) / 10, y: Math.round((height - h) * 10) / 10, width: Math.max(1, Math.round((step - GAP) * 10) / 10), height: h };
  });
}

function BarRow({ values, label, className }: { values: readonly number[]; label: string; className: string }) {
  const { t, format } = useI18n();
  const peak = Math.max(0, ...values);
  return (
    <figure className="insights-chart-row">
      <figcaption className="small">
        {label} <span className="muted">{t('insights.peak', { value: format.number(peak) })}</span>
      </figcaption>
      {/* The numbers are in the table below: the drawing itself is not read out. */}
      <svg className={className} viewBox={`0 0 ${WIDTH} ${BAR_ROW}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line x1="0" y1={BAR_ROW - 0.5} x2={WIDTH} y2={BAR_ROW - 0.5} className="insights-chart-axis" />
        {barsOf(values).map((b, i) => (b.height > 0 ? <rect key={i} x={b.x} y={b.y} width={b.width} height={b.height} /> : null))}
      </svg>
    </figure>
  );
}

/** Views and contacts per day of one listing, each drawn as bars, and every day's numbers in a table. */
export default function InsightsChart({ daily }: { daily: readonly InsightsDay[] }) {
  const { t, format } = useI18n();
  const first = daily[0];
  const last = daily.at(-1);
  return (
    <div className="insights-chart" data-testid="insights-chart">
      <BarRow values={daily.map((d) => d.views)} label={t('insights.viewsPerDay')} className="insights-chart-views" />
      <BarRow values={daily.map((d) => d.contacts)} label={t('insights.contactsPerDay')} className="insights-chart-contacts" />
      {first && last ? (
        <div className="insights-chart-days small muted" aria-hidden="true" data-testid="insights-chart-days">
          <span>{format.date(first.day)}</span>
          <span>{t('insights.today')}</span>
        </div>
      ) : null}
      <details className="insights-chart-numbers">
        <summary className="small">{t('insights.numbers')}</summary>
        <div className="insights-chart-table">
          <table>
            <caption className="small">{t('insights.tableCaption', { days: daily.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('insights.day')}</th>
                <th scope="col">{t('insights.viewsColumn')}</th>
                <th scope="col">{t('insights.contactsColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row">{format.date(d.day)}</th>
                  <td>{format.number(d.views)}</td>
                  <td>{format.number(d.contacts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

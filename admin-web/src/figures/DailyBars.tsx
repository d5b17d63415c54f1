import { useI18n } from '@mboa/web-core';

// Hand-written SVG bars, no chart library (docs/benchmarks.md#charts): the Figures page is its own
// chunk, so this code loads only there.

const WIDTH = 300;
const HEIGHT = 56;

export interface BarSeries {
  /** The series' name: the row's caption and its column in the table. */
  label: string;
  values: readonly number[];
  /** The bars' colour (a CSS class, so that each series keeps its colour in both themes). */
  tone: 'brand' | 'ok' | 'warn' | 'ink';
}

/** The bars of `values` across WIDTH: oldest on the left, the highest reaching the top, a zero drawing none. */
export function barsOf(values: readonly number[], width = WIDTH, height = HEIGHT) {
  const peak = Math.max(1, ...values);
  const step = values.length > 0 ? width / values.length : 0;
  const r = (n: number) => Math.round(n * 10) / 10;
  return values.map((v, i) => ({ x: r(i * step), width: Math.max(1, r(step - 1)), height: r((v / peak) * height) }));
}

/**
 * Daily figures as rows of bars, one row per series on the same days (readable at 360 px, where
 * grouped bars would be slivers), the first and last day under them, and every day's numbers in a
 * table under "Show the numbers".
 */
export function DailyBars({ title, days, series }: { title: string; days: readonly string[]; series: readonly BarSeries[] }) {
  const { t, format } = useI18n();
  return (
    <figure className="figure-chart">
      <figcaption>
        <h2>{title}</h2>
      </figcaption>
      {series.map((s) => (
        <div key={s.label} className="figure-row">
          <div className="small">
            {s.label} <span className="muted">{t('figures.totalPeak', { total: format.number(s.values.reduce((a, b) => a + b, 0)), peak: format.number(Math.max(0, ...s.values)) })}</span>
          </div>
          <svg className={`figure-bars tone-${s.tone}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="figure-axis" />
            {barsOf(s.values).map((b, i) => (b.height > 0 ? <rect key={i} x={b.x} y={HEIGHT - b.height} width={b.width} height={b.height} /> : null))}
          </svg>
        </div>
      ))}
      {days.length > 0 ? (
        <div className="figure-days small muted" aria-hidden="true">
          <span>{format.date(days[0])}</span>
          <span>{format.date(days.at(-1)!)}</span>
        </div>
      ) : null}
      <details className="figure-numbers">
        <summary>{t('figures.showNumbers')}</summary>
        <div className="figure-table">
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('figures.day')}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{format.date(day)}</th>
                  {series.map((s) => (
                    <td key={s.label}>{format.number(s.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/**
 * Counts by name (towns, searches that found nothing) as a table whose last column draws each
 * count as a bar: the table is the chart, so its numbers are read as a table.
 */
export function RankedBars({ title, columns, rows, empty }: { title: string; columns: readonly string[]; rows: ReadonlyArray<{ key: string; cells: readonly string[]; value: number }>; empty: string }) {
  const { format } = useI18n();
  const peak = Math.max(1, ...rows.map((r) => r.value));
  return (
    <figure className="figure-chart">
      <div className="figure-table">
        <table className="ranked">
          <caption>
            <h2>{title}</h2>
          </caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={c} scope="col" className={i === columns.length - 1 ? 'num' : undefined}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="muted">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.key}>
                  {r.cells.map((c, i) => (i === 0 ? <th key={i} scope="row">{c}</th> : <td key={i}>{c}</td>))}
                  <td className="num">
                    <span className="ranked-bar" aria-hidden="true" style={{ width: `${Math.round((r.value / peak) * 100)}%` }} />
                    <span>{format.number(r.value)}</span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

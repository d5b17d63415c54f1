import { useI18n } from '@mboa/web-core';
import type { ReactNode } from 'react';
import { AdminPager } from './AdminPager.js';
import { ListState } from './ListState.js';
import type { ListRow } from './useAdminList.js';
import type { Loaded } from './useLoad.js';

export interface Column<R> {
  key: string;
  /** Column heading, also the cell's label on narrow screens. */
  header: string;
  cell: (row: R) => ReactNode;
  className?: string;
  testId?: string;
}

/** A filter of a list's toolbar: a labelled select with "all" first. */
export function FilterSelect<V extends string>({
  label,
  value,
  allValue,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: V;
  allValue: V;
  allLabel: string;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as V)}>
        <option value={allValue}>{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The admin list page (Users, Properties, Requests, Support, Reports): title, toolbar, first-load spinner,
 * failure with retry, empty text, the table with a row menu, and 'Page X of Y'.
 */
export function AdminList<R extends ListRow>({
  title,
  toolbar,
  columns,
  rows,
  rowTestId,
  rowClassName,
  actions,
  loaded,
  emptyText,
  page,
  totalPages,
  onPage,
  children,
}: {
  title: string;
  toolbar: ReactNode;
  columns: Column<R>[];
  rows: R[];
  rowTestId: (row: R) => string;
  /** Marks rows that need attention first (e.g. a listing held out of search). */
  rowClassName?: (row: R) => string | undefined;
  actions: (row: R) => ReactNode;
  loaded: Pick<Loaded<unknown>, 'data' | 'error' | 'loading' | 'reload'>;
  emptyText: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Dialogs opened from the rows. */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section>
      <h1>{title}</h1>
      <div className="toolbar">{toolbar}</div>
      <ListState loading={loaded.loading} error={loaded.error} empty={rows.length === 0} emptyText={emptyText} onRetry={loaded.reload} />
      {rows.length > 0 ? (
        <table className="data-table" aria-busy={loaded.loading}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.header}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">{t('table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row._id} data-testid={rowTestId(row)} className={rowClassName?.(row)}>
                {columns.map((c) => (
                  <td key={c.key} data-label={c.header} className={c.className} data-testid={c.testId}>
                    {c.cell(row)}
                  </td>
                ))}
                <td className="cell-actions">{actions(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {loaded.data ? <AdminPager page={page} totalPages={totalPages} onPage={onPage} /> : null}
      {children}
    </section>
  );
}

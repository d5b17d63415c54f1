import type { AdminListResponse, AdminStatusUpdateResponse } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { statusMoves } from '../logic/menus.js';
import { AdminList, FilterSelect, type Column } from './AdminList.js';
import { RowMenu } from './RowMenu.js';
import { useStatusList } from './useStatusList.js';

/** Requests and Support: a list filtered by status whose row menu moves a row to any other status. */
export function StatusListPage<S extends string, T extends { _id: string; status: S }>(props: {
  name: string;
  title: string;
  filterLabel: string;
  filterAllLabel: string;
  emptyText: string;
  statuses: readonly S[];
  statusLabels: Record<string, string>;
  columns: Column<T>[];
  rowTestId: (row: T) => string;
  menuLabel: (row: T) => string;
  list: (q: { page: number; status: S | 'all' }, signal: AbortSignal) => Promise<AdminListResponse<T>>;
  move: (id: string, status: S) => Promise<AdminStatusUpdateResponse<T>>;
  texts: { success: string; failure: string; networkFailure: string };
}) {
  const { t } = useI18n();
  const s = useStatusList<S, T>({ name: props.name, list: props.list, move: props.move, texts: props.texts });
  const label = (status: S) => props.statusLabels[status] ?? status;

  return (
    <AdminList
      title={props.title}
      toolbar={
        <FilterSelect<S | 'all'>
          label={props.filterLabel}
          value={s.status}
          allValue="all"
          allLabel={props.filterAllLabel}
          options={props.statuses.map((st) => ({ value: st, label: label(st) }))}
          onChange={s.setStatus}
        />
      }
      columns={props.columns}
      rows={s.rows}
      rowTestId={props.rowTestId}
      actions={(row) => (
        <RowMenu
          label={t('menu.open', { what: props.menuLabel(row) })}
          disabled={s.busyId === row._id}
          items={statusMoves(props.statuses, row.status).map((next) => ({
            key: next,
            label: t('menu.moveTo', { status: label(next) }),
            onSelect: () => s.move(row, next),
          }))}
        />
      )}
      loaded={s.loaded}
      emptyText={props.emptyText}
      page={s.page}
      totalPages={s.totalPages}
      onPage={s.setPage}
    />
  );
}

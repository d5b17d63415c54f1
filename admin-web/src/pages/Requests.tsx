import { MESSAGES, REQUEST_STATUSES, whatsappLink, type PropertyRequest, type RequestStatus } from '@mboa/contracts';
import { listRequests, moveRequest } from '../api/admin.js';
import { AdminPager } from '../components/AdminPager.js';
import { RequestStatusBadge } from '../components/badges.js';
import { ListState } from '../components/ListState.js';
import { RowMenu } from '../components/RowMenu.js';
import { useStatusList } from '../components/useStatusList.js';
import { t } from '../i18n/index.js';
import { formatDate } from '../logic/format.js';
import { statusMoves } from '../logic/menus.js';

/** Property requests: filter by status, paging, move a row to any status but its current one. */
export default function Requests() {
  const s = useStatusList<RequestStatus, PropertyRequest>({
    name: 'requests',
    list: listRequests,
    move: moveRequest,
    texts: {
      success: MESSAGES.toast.requestStatusUpdated,
      failure: MESSAGES.toast.requestStatusUpdateError,
      networkFailure: MESSAGES.toast.requestStatusUpdateError,
    },
  });

  return (
    <section>
      <h1>{t.requests.title}</h1>
      <div className="toolbar">
        <label className="field">
          <span>{t.requests.filter}</span>
          <select value={s.status} onChange={(e) => s.setStatus(e.target.value as RequestStatus | 'all')}>
            <option value="all">{t.requests.filterAll}</option>
            {REQUEST_STATUSES.map((st) => (
              <option key={st} value={st}>
                {t.labels.requestStatus[st]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListState loading={s.loaded.loading} error={s.loaded.error} empty={s.rows.length === 0} emptyText={t.requests.empty} onRetry={s.loaded.reload} />
      {s.rows.length > 0 ? (
        <table className="data-table" aria-busy={s.loaded.loading}>
          <thead>
            <tr>
              <th scope="col">{t.table.request}</th>
              <th scope="col">{t.table.whatsapp}</th>
              <th scope="col">{t.table.date}</th>
              <th scope="col">{t.table.status}</th>
              <th scope="col">
                <span className="sr-only">{t.table.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {s.rows.map((r) => (
              <tr key={r._id} data-testid={`request-row-${r._id}`}>
                <td data-label={t.table.request} className="cell-text">
                  <p className="pre">{r.requestText}</p>
                </td>
                <td data-label={t.table.whatsapp}>
                  <a href={whatsappLink(r.whatsapp)} target="_blank" rel="noopener noreferrer">
                    {r.whatsapp}
                  </a>
                </td>
                <td data-label={t.table.date}>{formatDate(r.createdAt)}</td>
                <td data-label={t.table.status} data-testid="status">
                  <RequestStatusBadge status={r.status} />
                </td>
                <td className="cell-actions">
                  <RowMenu
                    label={t.menu.open(r.requestText.slice(0, 40))}
                    disabled={s.busyId === r._id}
                    items={statusMoves(REQUEST_STATUSES, r.status).map((next) => ({
                      key: next,
                      label: t.menu.moveTo(t.labels.requestStatus[next] ?? next),
                      onSelect: () => void s.move(r, next),
                    }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {s.loaded.data ? <AdminPager page={s.page} totalPages={s.totalPages} onPage={s.setPage} /> : null}
    </section>
  );
}

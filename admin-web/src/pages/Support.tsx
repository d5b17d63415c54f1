import { MESSAGES, TICKET_STATUSES, whatsappLink, type SupportTicket, type TicketStatus } from '@mboa/contracts';
import { listTickets, moveTicket } from '../api/admin.js';
import { AdminPager } from '../components/AdminPager.js';
import { TicketStatusBadge } from '../components/badges.js';
import { ListState } from '../components/ListState.js';
import { RowMenu } from '../components/RowMenu.js';
import { useStatusList } from '../components/useStatusList.js';
import { t } from '../i18n/index.js';
import { formatDate } from '../logic/format.js';
import { statusMoves } from '../logic/menus.js';

/** Support tickets: filter by status, paging, the full message, move to any status but the current one. */
export default function Support() {
  const s = useStatusList<TicketStatus, SupportTicket>({
    name: 'support',
    list: listTickets,
    move: moveTicket,
    texts: {
      success: MESSAGES.toast.supportStatusUpdated,
      failure: MESSAGES.toast.supportStatusUpdateFailed,
      networkFailure: MESSAGES.toast.supportStatusUpdateError,
    },
  });

  return (
    <section>
      <h1>{t.support.title}</h1>
      <div className="toolbar">
        <label className="field">
          <span>{t.support.filter}</span>
          <select value={s.status} onChange={(e) => s.setStatus(e.target.value as TicketStatus | 'all')}>
            <option value="all">{t.support.filterAll}</option>
            {TICKET_STATUSES.map((st) => (
              <option key={st} value={st}>
                {t.labels.ticketStatus[st]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ListState loading={s.loaded.loading} error={s.loaded.error} empty={s.rows.length === 0} emptyText={t.support.empty} onRetry={s.loaded.reload} />
      {s.rows.length > 0 ? (
        <table className="data-table" aria-busy={s.loaded.loading}>
          <thead>
            <tr>
              <th scope="col">{t.table.contact}</th>
              <th scope="col">{t.table.subject}</th>
              <th scope="col">{t.table.message}</th>
              <th scope="col">{t.table.date}</th>
              <th scope="col">{t.table.status}</th>
              <th scope="col">
                <span className="sr-only">{t.table.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {s.rows.map((r) => (
              <tr key={r._id} data-testid={`ticket-row-${r._id}`}>
                <td data-label={t.table.contact}>
                  <strong>{r.name}</strong>
                  <div className="small cell-wrap">
                    <a href={`mailto:${r.email}`}>{r.email}</a>
                  </div>
                  {r.phone ? (
                    <div className="small">
                      {t.support.phone}: {r.phone}
                    </div>
                  ) : null}
                  {r.whatsapp ? (
                    <div className="small">
                      <a href={whatsappLink(r.whatsapp)} target="_blank" rel="noopener noreferrer">
                        {t.table.whatsapp}: {r.whatsapp}
                      </a>
                    </div>
                  ) : null}
                </td>
                <td data-label={t.table.subject} className="cell-title">
                  {r.subject}
                </td>
                <td data-label={t.table.message} className="cell-text">
                  <p className="pre" data-testid="ticket-message">
                    {r.message}
                  </p>
                </td>
                <td data-label={t.table.date}>{formatDate(r.createdAt)}</td>
                <td data-label={t.table.status} data-testid="status">
                  <TicketStatusBadge status={r.status} />
                </td>
                <td className="cell-actions">
                  <RowMenu
                    label={t.menu.open(r.subject)}
                    disabled={s.busyId === r._id}
                    items={statusMoves(TICKET_STATUSES, r.status).map((next) => ({
                      key: next,
                      label: t.menu.moveTo(t.labels.ticketStatus[next] ?? next),
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

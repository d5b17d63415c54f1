import { TICKET_STATUSES, whatsappLink, type SupportTicket, type TicketStatus } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { listTickets, moveTicket } from '../api/admin.js';
import type { Column } from '../components/AdminList.js';
import { TicketStatusBadge } from '../components/badges.js';
import { StatusListPage } from '../components/StatusListPage.js';
import { formatDate } from '../logic/format.js';

/** Support tickets: filter by status, paging, the full message, move to any status but the current one. */
export default function Support() {
  const { t, m, format } = useI18n();
  const columns: Column<SupportTicket>[] = [
    {
      key: 'contact',
      header: t('table.contact'),
      cell: (r) => (
        <>
          <strong>{r.name}</strong>
          <div className="small cell-wrap">
            <a href={`mailto:${r.email}`}>{r.email}</a>
          </div>
          {r.phone ? (
            <div className="small">
              {t('support.phone', { phone: r.phone })}
            </div>
          ) : null}
          {r.whatsapp ? (
            <div className="small">
              <a href={whatsappLink(r.whatsapp)} target="_blank" rel="noopener noreferrer">
                {t('support.whatsapp', { whatsapp: r.whatsapp })}
              </a>
            </div>
          ) : null}
        </>
      ),
    },
    { key: 'subject', header: t('table.subject'), className: 'cell-title', cell: (r) => r.subject },
    {
      key: 'message',
      header: t('table.message'),
      className: 'cell-text',
      cell: (r) => (
        <p className="pre" data-testid="ticket-message">
          {r.message}
        </p>
      ),
    },
    { key: 'date', header: t('table.date'), cell: (r) => formatDate(r.createdAt, format) },
    { key: 'status', header: t('table.status'), testId: 'status', cell: (r) => <TicketStatusBadge status={r.status} /> },
  ];

  return (
    <StatusListPage<TicketStatus, SupportTicket>
      name="support"
      title={t('support.title')}
      filterLabel={t('support.filter')}
      filterAllLabel={t('support.filterAll')}
      emptyText={t('support.empty')}
      statuses={TICKET_STATUSES}
      statusLabels={t('labels.ticketStatus', { returnObjects: true })}
      columns={columns}
      rowTestId={(r) => `ticket-row-${r._id}`}
      menuLabel={(r) => r.subject}
      list={listTickets}
      move={moveTicket}
      texts={{
        success: m.toast.supportStatusUpdated,
        failure: m.toast.supportStatusUpdateFailed,
        networkFailure: m.toast.supportStatusUpdateError,
      }}
    />
  );
}

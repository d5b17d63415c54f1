import { REQUEST_STATUSES, whatsappLink, type PropertyRequest, type RequestStatus } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { listRequests, moveRequest } from '../api/admin.js';
import type { Column } from '../components/AdminList.js';
import { RequestStatusBadge } from '../components/badges.js';
import { StatusListPage } from '../components/StatusListPage.js';
import { formatDate } from '../logic/format.js';

/** Property requests: filter by status, paging, move a row to any status but its current one. */
export default function Requests() {
  const { t, m, format } = useI18n();
  const columns: Column<PropertyRequest>[] = [
    { key: 'request', header: t('table.request'), className: 'cell-text', cell: (r) => <p className="pre">{r.requestText}</p> },
    {
      key: 'whatsapp',
      header: t('table.whatsapp'),
      cell: (r) => (
        <a href={whatsappLink(r.whatsapp)} target="_blank" rel="noopener noreferrer">
          {r.whatsapp}
        </a>
      ),
    },
    { key: 'date', header: t('table.date'), cell: (r) => formatDate(r.createdAt, format) },
    { key: 'status', header: t('table.status'), testId: 'status', cell: (r) => <RequestStatusBadge status={r.status} /> },
  ];

  return (
    <StatusListPage<RequestStatus, PropertyRequest>
      name="requests"
      title={t('requests.title')}
      filterLabel={t('requests.filter')}
      filterAllLabel={t('requests.filterAll')}
      emptyText={t('requests.empty')}
      statuses={REQUEST_STATUSES}
      statusLabels={t('labels.requestStatus', { returnObjects: true })}
      columns={columns}
      rowTestId={(r) => `request-row-${r._id}`}
      menuLabel={(r) => r.requestText.slice(0, 40)}
      list={listRequests}
      move={moveRequest}
      texts={{
        success: m.toast.requestStatusUpdated,
        failure: m.toast.requestStatusUpdateError,
        networkFailure: m.toast.requestStatusUpdateError,
      }}
    />
  );
}

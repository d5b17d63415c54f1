import { MESSAGES, REQUEST_STATUSES, whatsappLink, type PropertyRequest, type RequestStatus } from '@mboa/contracts';
import { listRequests, moveRequest } from '../api/admin.js';
import type { Column } from '../components/AdminList.js';
import { RequestStatusBadge } from '../components/badges.js';
import { StatusListPage } from '../components/StatusListPage.js';
import { t } from '../i18n/index.js';
import { formatDate } from '../logic/format.js';

const columns: Column<PropertyRequest>[] = [
  { key: 'request', header: t.table.request, className: 'cell-text', cell: (r) => <p className="pre">{r.requestText}</p> },
  {
    key: 'whatsapp',
    header: t.table.whatsapp,
    cell: (r) => (
      <a href={whatsappLink(r.whatsapp)} target="_blank" rel="noopener noreferrer">
        {r.whatsapp}
      </a>
    ),
  },
  { key: 'date', header: t.table.date, cell: (r) => formatDate(r.createdAt) },
  { key: 'status', header: t.table.status, testId: 'status', cell: (r) => <RequestStatusBadge status={r.status} /> },
];

/** Property requests: filter by status, paging, move a row to any status but its current one. */
export default function Requests() {
  return (
    <StatusListPage<RequestStatus, PropertyRequest>
      name="requests"
      title={t.requests.title}
      filterLabel={t.requests.filter}
      filterAllLabel={t.requests.filterAll}
      emptyText={t.requests.empty}
      statuses={REQUEST_STATUSES}
      statusLabels={t.labels.requestStatus}
      columns={columns}
      rowTestId={(r) => `request-row-${r._id}`}
      menuLabel={(r) => r.requestText.slice(0, 40)}
      list={listRequests}
      move={moveRequest}
      texts={{
        success: MESSAGES.toast.requestStatusUpdated,
        failure: MESSAGES.toast.requestStatusUpdateError,
        networkFailure: MESSAGES.toast.requestStatusUpdateError,
      }}
    />
  );
}

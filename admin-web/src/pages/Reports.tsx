import { REPORT_REASONS, type ReportAction, type ReportCase, type ReportQueueReply } from '@mboa/contracts';
import { StatusBadge, useToast } from '@mboa/ui';
import { ApiError, useI18n } from '@mboa/web-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { actOnReports, dismissReports, listReports } from '../api/admin.js';
import { AdminList, type Column } from '../components/AdminList.js';
import { Modal } from '../components/Modal.js';
import { RowMenu } from '../components/RowMenu.js';
import { useAdminList } from '../components/useAdminList.js';
import { formatDateTime } from '../logic/format.js';
import { reviewPath } from '../logic/menus.js';

/** A listing with open reports, keyed as every admin list's row. */
type CaseRow = ReportCase & { _id: string };

/** What staff do with a listing's open reports: close them as they are, or act and close them. */
type Resolution = 'dismiss' | ReportAction;

const NO_FILTERS = {};

/**
 * The Reports queue (docs/api.md#admin): every listing with open reports, held ones first (the
 * server's order), with the counts per reason, who reported, the latest text and links to the public
 * page and the review screen. Each way of closing the reports asks for confirmation first; the toast
 * is the server's own (translated) answer and every admin list is read again afterwards, since a
 * deactivation or a ban changes the Properties and Users lists too.
 */
export default function Reports() {
  const { t, m, format } = useI18n();
  const notify = useToast();
  const client = useQueryClient();
  const [asking, setAsking] = useState<{ row: CaseRow; resolution: Resolution } | null>(null);
  const list = useAdminList({
    name: 'reports',
    initialFilters: NO_FILTERS,
    load: (q, signal) => listReports({ page: q.page }, signal),
    shape: {
      rows: (d: ReportQueueReply): CaseRow[] => d.cases.map((c) => ({ ...c, _id: c.propertyId })),
      totalPages: (d: ReportQueueReply) => d.totalPages,
      withRows: (d: ReportQueueReply, rows: CaseRow[]) => ({ ...d, cases: rows }),
    },
  });

  const resolve = useMutation({
    mutationFn: ({ row, resolution }: { row: CaseRow; resolution: Resolution }) =>
      resolution === 'dismiss' ? dismissReports(row.propertyId) : actOnReports(row.propertyId, resolution),
    onSuccess: (reply) => notify('success', reply.message),
    // A 404 (someone else closed them first) or a 409 (the owner is an admin) says why in the server's words.
    onError: (error) => notify('error', error instanceof ApiError && error.message ? error.message : m.common.unexpected),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
  const busyId = resolve.isPending ? resolve.variables.row._id : null;

  const columns: Column<CaseRow>[] = [
    {
      key: 'listing',
      header: t('reports.listing'),
      className: 'cell-title',
      cell: (c) => (
        <>
          <Link to={reviewPath(c.propertyId)}>{c.title}</Link>
          <div className="report-meta">
            {c.held ? <StatusBadge status="held" color="red" label={t('reports.held')} /> : null}
            <span className="muted small">{t('reports.total', { count: c.total })}</span>
            <a className="small" href={c.links.details} target="_blank" rel="noopener noreferrer">
              {t('reports.publicPage')}
            </a>
          </div>
        </>
      ),
    },
    {
      key: 'reasons',
      header: t('reports.reasons'),
      className: 'cell-wrap',
      testId: 'reasons',
      cell: (c) => (
        <ul className="report-reasons">
          {REPORT_REASONS.filter((r) => c.counts[r] > 0).map((r) => (
            <li key={r}>
              <span className="report-count">{format.number(c.counts[r])}</span> {t(`labels.reportReason.${r}`)}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'reporters', header: t('reports.reporters'), className: 'cell-wrap', testId: 'reporters', cell: (c) => reportersOf(c, t) },
    {
      key: 'latest',
      header: t('reports.latest'),
      className: 'cell-text',
      cell: (c) => (
        <>
          {c.latestText ? <p className="pre">{c.latestText}</p> : null}
          <div className="muted small">{formatDateTime(c.latestAt, format)}</div>
        </>
      ),
    },
  ];

  return (
    <AdminList
      title={t('reports.title')}
      toolbar={null}
      columns={columns}
      rows={list.rows}
      rowTestId={(c) => `report-row-${c.propertyId}`}
      rowClassName={(c) => (c.held ? 'row-held' : undefined)}
      actions={(c) => (
        <RowMenu
          label={t('menu.open', { what: c.title })}
          disabled={busyId === c._id}
          items={[
            { key: 'dismiss', label: t('reports.dismiss'), onSelect: () => setAsking({ row: c, resolution: 'dismiss' }) },
            { key: 'deactivate', label: t('reports.deactivate'), danger: true, onSelect: () => setAsking({ row: c, resolution: 'deactivate' }) },
            { key: 'ban-owner', label: t('reports.banOwner'), danger: true, onSelect: () => setAsking({ row: c, resolution: 'ban-owner' }) },
          ]}
        />
      )}
      loaded={list.loaded}
      emptyText={t('reports.empty')}
      page={list.page}
      totalPages={list.totalPages}
      onPage={list.setPage}
    >
      {asking ? (
        <ConfirmResolution
          row={asking.row}
          resolution={asking.resolution}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            resolve.mutate(asking);
            setAsking(null);
          }}
        />
      ) : null}
    </AdminList>
  );
}

/** The signed-in reporters by name (each once), then how many people reported without an account. */
function reportersOf(c: ReportCase, t: ReturnType<typeof useI18n>['t']): string {
  const names = new Map<string, string>();
  let visitors = 0;
  for (const r of c.reports) {
    if (r.reporterId) names.set(r.reporterId, r.reporterName || r.reporterId);
    else visitors++;
  }
  return [...names.values(), ...(visitors ? [t('reports.visitors', { count: visitors })] : [])].join(', ');
}

/** "Dismiss these reports?" and the like: what the choice does to the listing, before anything is sent. */
function ConfirmResolution({
  row,
  resolution,
  onCancel,
  onConfirm,
}: {
  row: CaseRow;
  resolution: Resolution;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useI18n();
  const texts = {
    dismiss: { title: t('reports.dismissTitle'), text: t('reports.dismissText', { count: row.total, title: row.title }), button: t('reports.dismiss') },
    deactivate: {
      title: t('reports.deactivateTitle'),
      text: t('reports.deactivateText', { count: row.total, title: row.title }),
      button: t('reports.deactivate'),
    },
    'ban-owner': { title: t('reports.banTitle'), text: t('reports.banText', { count: row.total, title: row.title }), button: t('reports.banOwner') },
  }[resolution];
  return (
    <Modal
      open
      title={texts.title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('app.cancel')}
          </button>
          <button type="button" className={`btn ${resolution === 'dismiss' ? 'btn-primary' : 'btn-danger'}`} onClick={onConfirm}>
            {texts.button}
          </button>
        </>
      }
    >
      <p className="confirm-text">{texts.text}</p>
      {resolution === 'dismiss' && row.held ? <p className="confirm-text">{t('reports.dismissHeld')}</p> : null}
    </Modal>
  );
}

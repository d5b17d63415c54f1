import { VERIFICATION_STATUSES, type AdminVerificationItem, type AdminVerificationListReply, type VerificationStatus } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { Link, useSearchParams } from 'react-router';
import { listVerificationRequests } from '../api/admin.js';
import { AdminList, type Column } from '../components/AdminList.js';
import { VerificationStatusBadge } from '../components/badges.js';
import { useAdminList } from '../components/useAdminList.js';
import { formatDateTime } from '../logic/format.js';
import { verificationPath } from '../logic/menus.js';

type Row = AdminVerificationItem & { _id: string };

const isStatus = (value: string | null): value is VerificationStatus => (VERIFICATION_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The verification queue (docs/api.md#identity-and-proof-of-control): identity documents and
 * proofs of control by status, pending ones oldest first (the server's order). The status is in the
 * address (`?status=rejected`), so the request page's "back" returns to the same list.
 */
export default function Verification() {
  const { t, m, format } = useI18n();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: VerificationStatus = isStatus(asked) ? asked : 'pending';
  const list = useAdminList({
    name: 'verification',
    initialFilters: { status },
    load: (q, signal) => listVerificationRequests({ page: q.page, status: q.status }, signal),
    shape: {
      rows: (d: AdminVerificationListReply): Row[] => d.requests.map((r) => ({ ...r, _id: r.id })),
      totalPages: (d: AdminVerificationListReply) => d.totalPages,
      withRows: (d: AdminVerificationListReply, rows: Row[]) => ({ ...d, requests: rows }),
    },
  });
  const total = list.loaded.data?.total;

  function show(next: VerificationStatus) {
    list.setFilters({ status: next });
    setParams(next === 'pending' ? {} : { status: next }, { replace: true });
  }

  const columns: Column<Row>[] = [
    {
      key: 'owner',
      header: t('verification.owner'),
      className: 'cell-title',
      cell: (r) => (
        <>
          <Link to={verificationPath(r.id)}>{r.owner.name}</Link>
          <div className="muted small">
            {t(`labels.role.${r.owner.role}`, { defaultValue: r.owner.role })} · {r.owner.whatsapp}
          </div>
        </>
      ),
    },
    {
      key: 'document',
      header: t('verification.document'),
      className: 'cell-wrap',
      testId: 'document',
      cell: (r) => (
        <>
          <strong>{t(`labels.verificationKind.${r.kind}`)}</strong>
          <div>{t(`labels.documentType.${r.documentType}`, { defaultValue: r.documentType })}</div>
          {r.kind === 'control' ? <div className="muted small">{t('verification.properties', { count: r.propertyIds.length })}</div> : null}
        </>
      ),
    },
    {
      key: 'when',
      header: list.filters.status === 'pending' ? t('verification.sent') : t('verification.decided'),
      cell: (r) => formatDateTime(list.filters.status === 'pending' ? r.createdAt : (r.decidedAt ?? r.createdAt), format),
    },
    {
      key: 'status',
      header: t('verification.status'),
      testId: 'status',
      cell: (r) => (
        <>
          <VerificationStatusBadge status={r.status} />
          {r.reason ? <div className="muted small">{m.verification.reasons[r.reason]}</div> : null}
        </>
      ),
    },
  ];

  return (
    <AdminList
      title={t('verification.title')}
      toolbar={
        <div className="stack">
          <p className="muted">{t('verification.intro')}</p>
          <div className="tabs" role="group" aria-label={t('verification.status')}>
            {VERIFICATION_STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                className={`btn btn-sm ${s === list.filters.status ? 'btn-primary' : 'btn-outline'}`}
                aria-pressed={s === list.filters.status}
                onClick={() => show(s)}
              >
                {t(`labels.verificationStatus.${s}`)}
              </button>
            ))}
          </div>
          {total !== undefined ? (
            <p className="muted small" data-testid="verification-count" aria-live="polite">
              {t('verification.count', { count: total })}
            </p>
          ) : null}
        </div>
      }
      columns={columns}
      rows={list.rows}
      rowTestId={(r) => `verification-row-${r.id}`}
      actions={(r) => (
        <Link className="btn btn-outline btn-sm" to={verificationPath(r.id)} aria-label={`${t('verification.open')}: ${r.owner.name}`}>
          {t('verification.open')}
        </Link>
      )}
      loaded={list.loaded}
      emptyText={t('verification.empty')}
      page={list.page}
      totalPages={list.totalPages}
      onPage={list.setPage}
    />
  );
}

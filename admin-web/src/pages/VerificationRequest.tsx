import { type AdminVerificationDetail } from '@mboa/contracts';
import { FactList, useToast } from '@mboa/ui';
import { ApiError, useI18n } from '@mboa/web-core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { approveVerification, getVerificationRequest, rejectVerification, verificationFileUrl } from '../api/admin.js';
import { VerificationStatusBadge } from '../components/badges.js';
import { ListState } from '../components/ListState.js';
import { useLoad } from '../components/useLoad.js';
import { VerificationDecision, type Decision } from '../components/VerificationDecision.js';
import { formatDate, formatDateTime } from '../logic/format.js';
import { reviewPath } from '../logic/menus.js';
import { reportAccessLost } from '../session/access.js';

/**
 * One identity or proof-of-control request: the document's photos beside the account that sent it
 * and its listings (those the proof covers marked), then Approve or Reject with a reason. After a
 * decision staff are back in the queue, where the next request waits.
 */
export default function VerificationRequest() {
  const { t, m } = useI18n();
  const { id = '' } = useParams();
  const notify = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const loaded = useLoad(['admin', 'verification-request', id], (signal) => getVerificationRequest(id, signal));
  const r = loaded.data;

  async function decide(decision: Decision) {
    try {
      if (decision.action === 'approve') await approveVerification(id);
      else await rejectVerification(id, { reason: decision.reason, ...(decision.note ? { note: decision.note } : {}) });
      notify('success', decision.action === 'approve' ? t('verification.approved') : t('verification.rejected'));
      // The queue, its count and the dashboard's count are read again.
      void client.invalidateQueries({ queryKey: ['admin'] });
      void navigate('/verification');
    } catch (error) {
      reportAccessLost(error);
      const decided = error instanceof ApiError && error.status === 409;
      notify('error', error instanceof ApiError && error.message ? error.message : decided ? m.verification.alreadyDecided : m.common.unexpected);
      // Someone else decided first (409) or the call failed: the page shows the request as the server has it.
      loaded.reload();
    }
  }

  const back = (
    <Link to="/verification" className="back-link">
      {t('verification.back')}
    </Link>
  );

  if (!r) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <section>
        {back}
        {notFound ? (
          <p className="field-error">{t('verification.notFound')}</p>
        ) : (
          <ListState loading={loaded.loading} error={loaded.error} empty emptyText={t('verification.notFound')} onRetry={loaded.reload} />
        )}
      </section>
    );
  }

  return (
    <section className="review">
      {back}
      <div className="review-head">
        <div>
          <h1>{t('verification.heading', { kind: t(`labels.verificationKind.${r.kind}`), name: r.owner.name })}</h1>
          <p className="muted">{t(`labels.documentType.${r.documentType}`, { defaultValue: r.documentType })}</p>
        </div>
        <div className="badges">
          <VerificationStatusBadge status={r.status} />
        </div>
      </div>

      <div className="review-grid">
        <div className="stack">
          <Documents request={r} />
        </div>
        <div className="stack">
          <Account request={r} />
          <div className="panel">
            <h2>{t('verification.decision')}</h2>
            <VerificationDecision key={r.status} request={r} onDecide={decide} />
          </div>
        </div>
      </div>
      <Listings request={r} />
    </section>
  );
}

/** The document's photos, large enough to read, each opening full size in a new tab. */
function Documents({ request: r }: { request: AdminVerificationDetail }) {
  const { t, format } = useI18n();
  return (
    <div className="panel">
      <h2>{t('verification.documentPhotos')}</h2>
      {r.files.length ? (
        <ul className="document-photos">
          {r.files.map((file, i) => {
            const src = verificationFileUrl(r.id, file.id);
            return (
              <li key={file.id}>
                <img src={src} alt={t('verification.photo', { n: i + 1 })} decoding="async" />
                <a className="small" href={src} target="_blank" rel="noopener noreferrer">
                  {t('verification.openFull')}
                </a>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{r.filesDeletedAt ? t('verification.filesDeleted', { date: formatDate(r.filesDeletedAt, format) }) : t('verification.noFiles')}</p>
      )}
      {r.documentType === 'caretaker-mandate' ? (
        <>
          <h3>{t('verification.mandateOwner')}</h3>
          <p data-testid="mandate-owner">
            <strong>{r.mandateOwnerName}</strong>
            {r.mandateOwnerWhatsapp ? <span className="muted"> · {r.mandateOwnerWhatsapp}</span> : null}
          </p>
        </>
      ) : null}
    </div>
  );
}

/** Who sent it: name, e-mail, number (and whether a code confirmed it), role, identity. */
function Account({ request: r }: { request: AdminVerificationDetail }) {
  const { t, format } = useI18n();
  const o = r.owner;
  const rows: [string, string][] = [
    [t('table.name'), o.name],
    [t('verification.email'), o.email],
    [
      t('verification.whatsapp'),
      `${o.whatsapp} · ${o.whatsappProvenAt ? t('verification.numberConfirmed', { date: formatDate(o.whatsappProvenAt, format) }) : t('verification.numberNotConfirmed')}`,
    ],
    [t('verification.role'), t(`labels.role.${o.role}`, { defaultValue: o.role })],
    [
      t('verification.identity'),
      o.identityCheckedAt ? t('verification.identityChecked', { date: formatDate(o.identityCheckedAt, format) }) : t('verification.identityNotChecked'),
    ],
    [t('verification.accountVerified'), o.isVerified ? t('table.yes') : t('table.no')],
    [t('verification.sent'), formatDateTime(r.createdAt, format)],
  ];
  return (
    <div className="panel" data-testid="verification-account">
      <h2>{t('verification.account')}</h2>
      <FactList className="facts" rows={rows} />
    </div>
  );
}

/** Their listings; the ones a proof of control covers come first and are marked. */
function Listings({ request: r }: { request: AdminVerificationDetail }) {
  const { t } = useI18n();
  const covered = new Set(r.propertyIds);
  const listings = [...r.listings].sort((a, b) => Number(covered.has(b.id)) - Number(covered.has(a.id)));
  return (
    <div className="panel">
      <h2>{t('verification.listings')}</h2>
      {listings.length ? (
        <ul className="plain-list verification-listings">
          {listings.map((l) => (
            <li key={l.id} data-testid={`listing-${l.id}`} className={covered.has(l.id) ? 'covered' : undefined}>
              <div>
                <Link to={reviewPath(l.id)}>
                  <strong>{l.title}</strong>
                </Link>
                <div className="muted small">
                  {[l.neighbourhood, l.town].filter(Boolean).join(', ')} · {t(`labels.propertyStatus.${l.status}`, { defaultValue: l.status })}
                </div>
              </div>
              <span className="badges">
                {covered.has(l.id) ? <span className="badge badge-yellow">{t('verification.covered')}</span> : null}
                {l.controlKind ? (
                  <span className="badge badge-green">{t('verification.controlChecked', { kind: t(`verification.controlKind.${l.controlKind}`) })}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('verification.noListings')}</p>
      )}
    </div>
  );
}

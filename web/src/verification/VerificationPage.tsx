import {
  CONTROL_DOCUMENT_TYPES,
  IDENTITY_DOCUMENT_TYPES,
  LIMITS,
  controlKindOf,
  type MyVerificationReply,
  type PropertyRead,
  type VerificationRequestView,
} from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchMyListings } from '../api/endpoints.js';
import { MY_LISTINGS_KEY } from '../pages/queryKeys.js';
import { useSession } from '../session/session.js';
import { Spinner } from '../ui/Spinner.js';
import { getMyVerification, VERIFICATION_KEY } from './api.js';
import { DocumentForm, type CoverableProperty } from './DocumentForm.js';
import './verification.css';
import '../i18n/parts/verification.js';

/**
 * The owner's documents (docs/api.md#identity-and-proof-of-control): why renters care, where their
 * identity stands, a proof that they control some of their properties, and what they sent. Only
 * landlords and caretakers send documents; anyone else is told so.
 */
export default function VerificationPage() {
  const { t } = useI18n();
  const { user } = useSession();
  if (!user || (user.role !== 'landlord' && user.role !== 'caretaker')) {
    return (
      <div className="container page narrow">
        <div className="panel center stack">
          <h1>{t('verification.ownersOnlyTitle')}</h1>
          <p>{t('verification.ownersOnlyText')}</p>
          <Link to="/" className="btn btn-primary">
            {t('verification.browse')}
          </Link>
        </div>
      </div>
    );
  }
  return <OwnerVerification role={user.role} />;
}

/** Every listing of the owner (all pages): a proof may cover any of them. */
async function allMyListings(): Promise<PropertyRead[]> {
  const limit = Math.max(...LIMITS.myListings.pageSizes);
  const found: PropertyRead[] = [];
  for (let page = 1; ; page++) {
    const reply = await fetchMyListings({ page, limit });
    found.push(...(reply.data ?? []));
    const total = Number(reply.meta?.total) || 0;
    if (!reply.data?.length || found.length >= total) return found;
  }
}

function OwnerVerification({ role }: { role: 'landlord' | 'caretaker' }) {
  const { t, m, format } = useI18n();
  const client = useQueryClient();
  const mine = useQuery({ queryKey: VERIFICATION_KEY, queryFn: ({ signal }) => getMyVerification(signal) });
  const listings = useQuery({ queryKey: [...MY_LISTINGS_KEY, 'all'], queryFn: allMyListings });
  const reload = () => void client.invalidateQueries({ queryKey: VERIFICATION_KEY });

  // A caretaker proves control with the owner's mandate; a landlord with papers in their own name.
  const controlTypes = CONTROL_DOCUMENT_TYPES.filter((type) => controlKindOf(type) === (role === 'caretaker' ? 'caretaker' : 'owner'));
  const data = mine.data;
  const properties = coverable(listings.data ?? [], data?.requests ?? []);

  return (
    <div className="container page narrow verification-page">
      <h1>{t('verification.title')}</h1>
      <p>{t('verification.intro')}</p>
      <p className="muted small">{t('verification.privacy', { days: LIMITS.verification.filesKeptDays })}</p>

      {mine.isError && !data ? (
        <div className="panel stack" role="alert">
          <p className="form-error">{t('verification.loadFailed')}</p>
          <button type="button" className="btn btn-outline" onClick={() => void mine.refetch()}>
            {t('verification.retry')}
          </button>
        </div>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <section className="panel stack" aria-labelledby="identity-title">
            <div className="row-between wrap">
              <h2 id="identity-title">{t('verification.identityTitle')}</h2>
              <span className={`badge ${BADGE[data.identity]}`} data-testid="identity-status">
                {t(`verification.identityStatus.${data.identity}`)}
              </span>
            </div>
            <IdentityRejection reply={data} />
            {data.identity === 'none' || data.identity === 'rejected' ? (
              <>
                <p className="muted small">{t('verification.identityHint')}</p>
                <DocumentForm kind="identity" documentTypes={IDENTITY_DOCUMENT_TYPES} onSent={reload} />
              </>
            ) : null}
          </section>

          <section className="panel stack" aria-labelledby="control-title">
            <h2 id="control-title">{t('verification.controlTitle')}</h2>
            <p className="muted small">{role === 'caretaker' ? t('verification.controlHintCaretaker') : t('verification.controlHintLandlord')}</p>
            {listings.isPending ? (
              <Spinner />
            ) : listings.isError ? (
              <div className="stack" role="alert">
                <p className="form-error">{t('verification.loadFailed')}</p>
                <button type="button" className="btn btn-outline" onClick={() => void listings.refetch()}>
                  {t('verification.retry')}
                </button>
              </div>
            ) : properties.length === 0 ? (
              <p>
                {t('verification.noProperties')}{' '}
                <Link to="/post-property">{m.ui.postProperty}</Link>
              </p>
            ) : (
              <DocumentForm kind="control" documentTypes={controlTypes} properties={properties} onSent={reload} />
            )}
          </section>

          <section className="panel stack" aria-labelledby="sent-title">
            <h2 id="sent-title">{t('verification.requestsTitle')}</h2>
            {data.requests.length === 0 ? (
              <p className="muted">{t('verification.noRequests')}</p>
            ) : (
              <ul className="verification-requests">
                {data.requests.map((r) => (
                  <li key={r.id} data-testid={`request-${r.id}`}>
                    <div className="row-between wrap">
                      <strong>
                        {t(`verification.kind.${r.kind}`)} · {t(`verification.documentTypes.${r.documentType}`)}
                      </strong>
                      <span className={`badge ${BADGE[r.status]}`}>{t(`verification.status.${r.status}`)}</span>
                    </div>
                    <p className="muted small">
                      {t('verification.sentOn', { date: format.date(r.createdAt) })}
                      {r.decidedAt ? ` · ${t('verification.decidedOn', { date: format.date(r.decidedAt) })}` : ''}
                    </p>
                    {r.kind === 'control' ? <p className="small">{coveredTitles(r, listings.data ?? [], t)}</p> : null}
                    {r.status === 'rejected' ? <Rejection request={r} /> : null}
                    {r.filesDeletedAt ? <p className="muted small">{t('verification.filesDeleted', { date: format.date(r.filesDeletedAt) })}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

const BADGE: Record<MyVerificationReply['identity'], string> = {
  none: 'badge-gray',
  pending: 'badge-yellow',
  approved: 'badge-green',
  rejected: 'badge-red',
};

/** The reason's label (the words of the mail the owner received) and staff's note. */
function Rejection({ request }: { request: VerificationRequestView }) {
  const { t, m } = useI18n();
  if (!request.reason && !request.note) return null;
  return (
    <div className="notice verification-rejection">
      {request.reason ? <p>{t('verification.reason', { reason: m.verification.reasons[request.reason] })}</p> : null}
      {request.note ? <p className="pre">{request.note}</p> : null}
    </div>
  );
}

/** After a refused identity document: why, and that new photos can be sent below. */
function IdentityRejection({ reply }: { reply: MyVerificationReply }) {
  const { t } = useI18n();
  if (reply.identity !== 'rejected') return null;
  // Requests come newest first: the first identity one is the refusal being shown.
  const last = reply.requests.find((r) => r.kind === 'identity');
  return (
    <>
      {last ? <Rejection request={last} /> : null}
      <p>{t('verification.sendAgain')}</p>
    </>
  );
}

/** The owner's listings, each with what our team did about its control (checked, or a proof waiting). */
function coverable(listings: PropertyRead[], requests: VerificationRequestView[]): CoverableProperty[] {
  const checked = new Set<string>();
  const waiting = new Set<string>();
  for (const r of requests) {
    if (r.kind !== 'control') continue;
    for (const id of r.propertyIds) {
      if (r.status === 'approved') checked.add(id);
      else if (r.status === 'pending') waiting.add(id);
    }
  }
  return listings.map((p) => {
    const id = p.id ?? p._id;
    return {
      id,
      title: p.title,
      place: [p.neighbourhood ?? p.location?.neighbourhood, p.town ?? p.location?.town].filter(Boolean).join(', '),
      coverage: p.checks?.control || checked.has(id) ? 'checked' : waiting.has(id) ? 'waiting' : null,
    };
  });
}

/** "Covers 2 properties: Studio in Molyko, Flat in Bonduma" (a deleted listing is only counted). */
function coveredTitles(r: VerificationRequestView, listings: PropertyRead[], t: ReturnType<typeof useI18n>['t']): string {
  const titles = r.propertyIds.map((id) => listings.find((p) => (p.id ?? p._id) === id)?.title).filter((title): title is string => Boolean(title));
  const count = r.propertyIds.length;
  return titles.length ? t('verification.coversTitles', { count, titles: titles.join(', ') }) : t('verification.covers', { count });
}

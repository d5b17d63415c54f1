import {
  LIMITS,
  MY_LISTINGS_STATUS_FILTERS,
  ownerStatusMoves,
  propertyDetailsPath,
  showingRange,
  totalPagesOf,
  type PropertyRead,
  type MyListingsFetchResponse,
  type PropertyStatus,
} from '@mboa/contracts';
import { PageNav } from '@mboa/ui';
import { useI18n, type TFunction } from '@mboa/web-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { deleteMyListing, fetchMyListings, updateMyListing } from '../api/endpoints.js';
import { AvailabilityAge } from '../freshness/AvailabilityAge.js';
import { ConfirmAvailabilityButton } from '../freshness/ConfirmAvailabilityButton.js';
import { ListingInsightsBlock, useListingsInsights } from '../insights/ListingInsights.js';
import { AddPhotosButton } from '../post/AddPhotosButton.js';
import { Dialog } from '../ui/Dialog.js';
import { Spinner } from '../ui/Spinner.js';
import { StatusBadge } from '../ui/StatusBadge.js';
import { useToast } from '../ui/toast.js';
import { DESKTOP, useMediaQuery } from '../ui/useMediaQuery.js';
import { MY_LISTINGS_KEY, PROFILE_KEY, PROPERTIES_KEY } from './queryKeys.js';
import '../i18n/parts/listings.js';

type Action = { label: string; to: PropertyStatus };

/** Owner actions per status: the moves listings allows (@mboa/contracts rules), each with its label. */
export function ownerActions(status: string, t: TFunction): Action[] {
  return ownerStatusMoves(status).map((to) => ({ label: moveLabel(status, to, t), to }));
}

function moveLabel(from: string, to: PropertyStatus, t: TFunction): string {
  if (to === 'rented') return t('listings.markRented');
  if (to === 'deactivated') return t('listings.deactivate');
  return from === 'deactivated' ? t('listings.activate') : t('listings.markAvailable');
}

export function Pagination({
  page,
  limit,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t, m } = useI18n();
  const { from, to } = showingRange(page, limit, total);
  return (
    <PageNav
      page={page}
      totalPages={totalPagesOf(total, limit)}
      text={m.ui.showing(from, to, Math.max(0, total))}
      onPage={onPage}
      previousLabel={t('listings.previous')}
      nextLabel={t('listings.next')}
    />
  );
}

export default function MyListings() {
  const { t, m, format } = useI18n();
  const notify = useToast();
  const desktop = useMediaQuery(DESKTOP);
  const [status, setStatus] = useState<string>('all');
  const [limit, setLimit] = useState<number>(LIMITS.myListings.defaultPageSize);
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<PropertyRead | null>(null);
  /** The listings whose 30-day chart is open, by id: kept here, not in the row, so it outlives a row drawn again. */
  const [openCharts, setOpenCharts] = useState<ReadonlySet<string>>(() => new Set());
  const showChart = (id: string, open: boolean) =>
    setOpenCharts((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const queryClient = useQueryClient();

  const listKey = [...MY_LISTINGS_KEY, { page, limit, status }];
  const list = useQuery({
    queryKey: listKey,
    queryFn: async () => {
      try {
        return await fetchMyListings({ page, limit, ...(status === 'all' ? {} : { status: status as PropertyStatus }) });
      } catch (error) {
        // A failed fetch is only logged, and the empty list is shown.
        console.error('My listings fetch failed', error);
        throw error;
      }
    },
  });
  // Only a list never read yet (first visit, another page or filter) waits behind the spinner: a
  // read again in the background (back online, after an action) keeps the rows, and what the owner
  // opened in them, on screen.
  const loading = list.isPending;
  const items: PropertyRead[] = !list.error && Array.isArray(list.data?.data) ? list.data.data : [];
  const total = list.error ? 0 : Number(list.data?.meta?.total) || 0;
  // Views and contacts of the listings shown (docs/api.md#owner-insights), read after the list.
  const insights = useListingsInsights(items.map((p) => p.id ?? p._id));
  const reload = () => queryClient.invalidateQueries({ queryKey: MY_LISTINGS_KEY });
  /** What else a change to a listing alters: the search and its details page, and the profile's count. */
  const forgetOthers = () => {
    void queryClient.invalidateQueries({ queryKey: PROPERTIES_KEY });
    void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
  };

  const idOf = (property: PropertyRead) => property.id ?? property._id;

  const statusChange = useMutation({
    mutationFn: ({ property, to }: { property: PropertyRead; to: PropertyStatus }) => updateMyListing(idOf(property), to),
    onSuccess: (result, { property, to }) => {
      const updated = result?.data;
      // The row takes the server's answer at once; a filtered list is read again (the row may leave it).
      queryClient.setQueryData<MyListingsFetchResponse>(listKey, (current) =>
        current
          ? { ...current, data: current.data.map((p) => (idOf(p) === idOf(property) ? { ...p, ...(updated ?? {}), status: updated?.status ?? to } : p)) }
          : current,
      );
      notify('success', m.toast.propertyStatusUpdated(updated?.status ?? to));
      forgetOthers();
      if (status !== 'all') void reload();
    },
    onError: () => notify('error', m.toast.statusUpdateFailed),
  });

  const deletion = useMutation({
    mutationFn: (property: PropertyRead) => deleteMyListing(idOf(property)),
    onSuccess: (_result, property) => {
      // The row leaves at once: the list read again in the background comes after.
      queryClient.setQueryData<MyListingsFetchResponse>(listKey, (current) =>
        current
          ? { ...current, data: current.data.filter((p) => idOf(p) !== idOf(property)), meta: { ...current.meta, total: Math.max(0, current.meta.total - 1) } }
          : current,
      );
      notify('success', m.toast.propertyDeleted);
      forgetOthers();
      // Step back when the last row of a page goes.
      if (items.length === 1 && page > 1) setPage(page - 1);
      else void reload();
    },
    onError: () => notify('error', m.toast.propertyDeletionFailed),
  });

  const busyId = statusChange.isPending
    ? idOf(statusChange.variables.property)
    : deletion.isPending
      ? idOf(deletion.variables)
      : null;

  /** A confirmed listing, or one with photos added, takes the server's answer at once. */
  function confirmed(updated: PropertyRead) {
    queryClient.setQueryData<MyListingsFetchResponse>(listKey, (current) =>
      current ? { ...current, data: current.data.map((p) => (idOf(p) === idOf(updated) ? { ...p, ...updated } : p)) } : current,
    );
    forgetOthers();
  }

  function changeStatus(property: PropertyRead, to: PropertyStatus) {
    statusChange.mutate({ property, to });
  }

  function remove(property: PropertyRead) {
    setToDelete(null);
    deletion.mutate(property);
  }

  const actionButtons = (property: PropertyRead) => {
    const id = property.id ?? property._id;
    return (
      <div className="row wrap">
        {property.status === 'available' ? (
          <ConfirmAvailabilityButton property={property} disabled={busyId === id} onConfirmed={confirmed} />
        ) : null}
        <AddPhotosButton property={property} disabled={busyId === id} onAdded={confirmed} />
        {ownerActions(property.status, t).map((a) => (
          <button key={a.label} type="button" className="btn btn-outline btn-sm" disabled={busyId === id} onClick={() => changeStatus(property, a.to)}>
            {a.label}
          </button>
        ))}
        <button type="button" className="btn btn-danger btn-sm" disabled={busyId === id} onClick={() => setToDelete(property)}>
          {t('listings.delete')}
        </button>
      </div>
    );
  };

  const review = (p: PropertyRead) => {
    const id = p.id ?? p._id;
    const seen = insights.get(id);
    const held = (p.propertyImages ?? []).filter((image) => image.awaitingReview).length;
    return (
      <>
        <span className={`small ${p.isVerified ? 'text-ok' : 'text-warn'}`}>{p.isVerified ? t('listings.live') : t('listings.underReview')}</span>
        {held ? <div className="small text-warn">{t('listings.photosAwaitingReview', { count: held })}</div> : null}
        {p.status === 'available' ? <AvailabilityAge confirmedAt={p.availabilityConfirmedAt} /> : null}
        {seen ? <ListingInsightsBlock insights={seen} open={openCharts.has(id)} onOpenChange={(open) => showChart(id, open)} /> : null}
      </>
    );
  };

  return (
    <div className="container page">
      <div className="row-between wrap">
        <h1>{t('listings.title')}</h1>
        <Link to="/post-property" className="btn btn-primary">
          + {t('listings.addNew')}
        </Link>
      </div>
      <p className="my-listings-verification">
        <Link to="/verification">{t('listings.verification')}</Link>
      </p>
      <div className="toolbar">
        <label className="field inline">
          <span>{t('listings.statusFilter')}</span>
          <select value={status} onChange={(e) => (setStatus(e.target.value), setPage(1))}>
            {MY_LISTINGS_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? t('listings.allStatuses') : t(`labels.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field inline">
          <span>{t('listings.pageSize')}</span>
          <select value={limit} onChange={(e) => (setLimit(Number(e.target.value)), setPage(1))}>
            {LIMITS.myListings.pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>

      {loading ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="empty-state">{m.property.noPropertiesMatching}</p>
      ) : desktop ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('listings.property')}</th>
                <th scope="col">{t('listings.price')}</th>
                <th scope="col">{t('listings.status')}</th>
                <th scope="col">{t('listings.posted')}</th>
                <th scope="col">{t('listings.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id ?? p._id}>
                  <td>
                    <div className="row">
                      {p.thumbnail ? <img src={p.thumbnail} alt="" width="64" height="48" loading="lazy" className="table-thumb" /> : null}
                      <div>
                        <Link to={propertyDetailsPath(p.id ?? p._id)}>{p.title}</Link>
                        <div className="muted small">{p.town ?? p.location?.town}</div>
                        {review(p)}
                      </div>
                    </div>
                  </td>
                  <td>{format.priceWithTerm(p.price, p.paymentTerms ?? p.paymentTerm)}</td>
                  <td>
                    <StatusBadge status={p.status} />
                  </td>
                  <td>{p.createdAt ? format.date(p.createdAt) : '-'}</td>
                  <td>{actionButtons(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="listing-cards">
          {items.map((p) => (
            <li key={p.id ?? p._id} className="panel">
              <div className="row-between">
                <Link to={propertyDetailsPath(p.id ?? p._id)} className="strong">
                  {p.title}
                </Link>
                <StatusBadge status={p.status} />
              </div>
              <p className="muted small">
                {p.town ?? p.location?.town} · {format.priceWithTerm(p.price, p.paymentTerms ?? p.paymentTerm)}
              </p>
              {review(p)}
              {actionButtons(p)}
            </li>
          ))}
        </ul>
      )}

      {!loading && total > 0 ? <Pagination page={page} limit={limit} total={total} onPage={setPage} /> : null}

      <Dialog
        open={toDelete !== null}
        title={t('listings.confirmDeleteTitle')}
        onClose={() => setToDelete(null)}
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setToDelete(null)} data-autofocus>
              {t('app.cancel')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => toDelete && remove(toDelete)}>
              {t('listings.delete')}
            </button>
          </>
        }
      >
        <p>{toDelete ? t('listings.confirmDeleteText', { title: toDelete.title }) : ''}</p>
      </Dialog>
    </div>
  );
}

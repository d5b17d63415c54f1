import { MESSAGES, PROPERTY_STATUSES, type AdminPropertyAction, type PropertyRead, type PropertyStatus } from '@mboa/contracts';
import { useToast } from '@mboa/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { actOnProperty, listProperties } from '../api/admin.js';
import { AdminPager } from '../components/AdminPager.js';
import { PropertyStatusBadge, ReviewBadge } from '../components/badges.js';
import { EditPropertyDialog } from '../components/EditPropertyDialog.js';
import { ListState } from '../components/ListState.js';
import { RowMenu, type MenuItem } from '../components/RowMenu.js';
import { useLoad } from '../components/useLoad.js';
import { t } from '../i18n/index.js';
import { adminPriceWithTerm } from '../logic/format.js';
import { propertyMenuActions, reviewPath } from '../logic/menus.js';
import { reportAccessLost } from '../session/access.js';


/** Properties by status, paging, a row menu with the spec's preconditions, prices in XAF (spec §2, §4). */
export default function Properties() {
  const notify = useToast();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PropertyStatus | ''>('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [editing, setEditing] = useState<PropertyRead | null>(null);

  const list = useLoad(['admin', 'properties', page, status], (signal) => listProperties({ page, status: status || undefined }, signal));
  const properties = list.data?.properties ?? [];
  const replaceRow = (p: PropertyRead) =>
    list.setData((d) => (d ? { ...d, properties: d.properties.map((x) => (x._id === p._id ? p : x)) } : d));

  async function run(property: PropertyRead, action: AdminPropertyAction) {
    setBusyId(property._id);
    try {
      const reply = await actOnProperty(action, property._id);
      if (reply.property) replaceRow(reply.property);
      else list.reload();
      notify('success', MESSAGES.toast.adminPropertyStatusUpdated);
    } catch (error) {
      reportAccessLost(error);
      notify('error', MESSAGES.toast.adminPropertyStatusUpdateFailed);
      list.reload();
    } finally {
      setBusyId(null);
    }
  }

  function menuFor(p: PropertyRead): MenuItem[] {
    return propertyMenuActions(p).map((action): MenuItem => {
      if (action === 'verifyProperty') return { key: action, label: t.menu.verifyProperty, onSelect: () => navigate(reviewPath(p._id)) };
      if (action === 'edit') return { key: action, label: t.menu.edit, onSelect: () => setEditing(p) };
      return { key: action, label: t.menu[action], danger: action === 'deactivate', onSelect: () => void run(p, action) };
    });
  }

  return (
    <section>
      <h1>{t.properties.title}</h1>
      <div className="toolbar">
        <label className="field">
          <span>{t.properties.filter}</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as PropertyStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t.properties.filterAll}</option>
            {PROPERTY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.labels.propertyStatus[s]}
              </option>
            ))}
          </select>
        </label>
      </div>

      <ListState loading={list.loading} error={list.error} empty={properties.length === 0} emptyText={t.properties.empty} onRetry={list.reload} />
      {properties.length > 0 ? (
        <table className="data-table" aria-busy={list.loading}>
          <thead>
            <tr>
              <th scope="col">{t.table.title}</th>
              <th scope="col">{t.table.location}</th>
              <th scope="col">{t.table.price}</th>
              <th scope="col">{t.table.owner}</th>
              <th scope="col">{t.table.status}</th>
              <th scope="col">{t.table.review}</th>
              <th scope="col">
                <span className="sr-only">{t.table.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {properties.map((p) => (
              <tr key={p._id} data-testid={`property-row-${p._id}`}>
                <td data-label={t.table.title} className="cell-title">
                  <Link to={reviewPath(p._id)}>{p.title}</Link>
                  <div className="muted small">{t.labels.propertyType[p.propertyType] ?? p.propertyType}</div>
                </td>
                <td data-label={t.table.location}>
                  {p.town}
                  {p.neighbourhood ? `, ${p.neighbourhood}` : ''}
                </td>
                <td data-label={t.table.price} className="nowrap">
                  {adminPriceWithTerm(p.price, p.paymentTerms ?? p.paymentTerm)}
                </td>
                <td data-label={t.table.owner}>{p.author?.name ?? ''}</td>
                <td data-label={t.table.status} data-testid="status">
                  <PropertyStatusBadge status={p.status} />
                </td>
                <td data-label={t.table.review}>
                  <ReviewBadge isVerified={p.isVerified} reviewState={p.review?.state} />
                </td>
                <td className="cell-actions">
                  <RowMenu label={t.menu.open(p.title)} items={menuFor(p)} disabled={busyId === p._id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data ? <AdminPager page={page} totalPages={list.data.totalPages} onPage={setPage} /> : null}

      {editing ? (
        <EditPropertyDialog
          property={editing}
          onClose={() => setEditing(null)}
          onSaved={(p, message) => {
            replaceRow(p);
            setEditing(null);
            notify('success', message);
          }}
        />
      ) : null}
    </section>
  );
}

import {
  PROPERTY_STATUSES,
  type AdminPropertyAction,
  type AdminPropertyListResponse,
  type ListingTextFlag,
  type PropertyRead,
  type PropertyStatus,
} from '@mboa/contracts';
import { useToast } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { actOnProperty, listProperties } from '../api/admin.js';
import { AdminList, FilterSelect, type Column } from '../components/AdminList.js';
import { PropertyStatusBadge, ReviewBadge } from '../components/badges.js';
import { EditPropertyDialog } from '../components/EditPropertyDialog.js';
import { RowMenu, type MenuItem } from '../components/RowMenu.js';
import { TextFlagsBadge } from '../components/TextFlagsWarning.js';
import { useAdminList } from '../components/useAdminList.js';
import { adminPriceWithTerm } from '../logic/format.js';
import { propertyMenuActions, reviewPath } from '../logic/menus.js';

/** A row: as the list read it (with its text flags), or as a status change or edit answered (without). */
type Row = PropertyRead & { textFlags?: readonly ListingTextFlag[] };

/** The list opens on every status. */
const EVERY_STATUS: { status: PropertyStatus | '' } = { status: '' };

/** Properties by status, paging, a row menu offering only the actions the status allows, prices in XAF. */
export default function Properties() {
  const { t, m, language } = useI18n();
  const notify = useToast();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Row | null>(null);
  const list = useAdminList({
    name: 'properties',
    initialFilters: EVERY_STATUS,
    load: (q, signal) => listProperties({ page: q.page, status: q.status || undefined }, signal),
    shape: {
      rows: (d: AdminPropertyListResponse): Row[] => d.properties,
      totalPages: (d: AdminPropertyListResponse) => d.totalPages,
      // A row an action answered keeps the text flags the list read (only the admin reads carry them).
      withRows: (d: AdminPropertyListResponse, properties: Row[]) => ({
        ...d,
        properties: properties.map((p) => ({ ...p, textFlags: [...(p.textFlags ?? d.properties.find((old) => old._id === p._id)?.textFlags ?? [])] })),
      }),
    },
  });

  const columns: Column<Row>[] = [
    {
      key: 'title',
      header: t('table.title'),
      className: 'cell-title',
      cell: (p) => (
        <>
          <Link to={reviewPath(p._id)}>{p.title}</Link>
          <div className="muted small">{t(`labels.propertyType.${p.propertyType}`, { defaultValue: p.propertyType })}</div>
          <TextFlagsBadge property={p} />
        </>
      ),
    },
    {
      key: 'location',
      header: t('table.location'),
      className: 'cell-wrap',
      cell: (p) => (
        <>
          {p.town}
          {p.neighbourhood ? `, ${p.neighbourhood}` : ''}
        </>
      ),
    },
    { key: 'price', header: t('table.price'), className: 'nowrap', cell: (p) => adminPriceWithTerm(p.price, p.paymentTerms ?? p.paymentTerm, language) },
    { key: 'owner', header: t('table.owner'), className: 'cell-wrap', cell: (p) => p.author?.name ?? '' },
    { key: 'status', header: t('table.status'), testId: 'status', cell: (p) => <PropertyStatusBadge status={p.status} /> },
    { key: 'review', header: t('table.review'), cell: (p) => <ReviewBadge isVerified={p.isVerified} reviewState={p.review?.state} /> },
  ];

  function run(property: Row, action: AdminPropertyAction) {
    list.act({
      row: property,
      call: () => actOnProperty(action, property._id),
      updatedRow: (reply) => reply.property ?? null,
      success: m.toast.adminPropertyStatusUpdated,
      failure: () => m.toast.adminPropertyStatusUpdateFailed,
    });
  }

  function menuFor(p: Row): MenuItem[] {
    return propertyMenuActions(p).map((action): MenuItem => {
      if (action === 'verifyProperty') return { key: action, label: t('menu.verifyProperty'), onSelect: () => void navigate(reviewPath(p._id)) };
      if (action === 'edit') return { key: action, label: t('menu.edit'), onSelect: () => setEditing(p) };
      return { key: action, label: t(`menu.${action}`), danger: action === 'deactivate', onSelect: () => run(p, action) };
    });
  }

  return (
    <AdminList
      title={t('properties.title')}
      toolbar={
        <FilterSelect
          label={t('properties.filter')}
          value={list.filters.status}
          allValue=""
          allLabel={t('properties.filterAll')}
          options={PROPERTY_STATUSES.map((s) => ({ value: s, label: t(`labels.propertyStatus.${s}`) }))}
          onChange={(status) => list.setFilters({ status })}
        />
      }
      columns={columns}
      rows={list.rows}
      rowTestId={(p) => `property-row-${p._id}`}
      actions={(p) => <RowMenu label={t('menu.open', { what: p.title })} items={menuFor(p)} disabled={list.busyId === p._id} />}
      loaded={list.loaded}
      emptyText={t('properties.empty')}
      page={list.page}
      totalPages={list.totalPages}
      onPage={list.setPage}
    >
      {editing ? (
        <EditPropertyDialog
          property={editing}
          onClose={() => setEditing(null)}
          onSaved={(p, message) => {
            list.replaceRow(p);
            setEditing(null);
            notify('success', message);
          }}
        />
      ) : null}
    </AdminList>
  );
}

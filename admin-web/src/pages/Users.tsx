import { LIMITS, USER_FILTERS, type AdminUserListResponse, type PublicUser, type UserFilter } from '@mboa/contracts';
import { useToast } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { actOnUser, listUsers, resetSecondFactor, type UserAction } from '../api/admin.js';
import { AdminList, FilterSelect, type Column } from '../components/AdminList.js';
import { UserStatusBadge } from '../components/badges.js';
import { RowMenu, type MenuItem } from '../components/RowMenu.js';
import { useAdminList } from '../components/useAdminList.js';
import { formatDate } from '../logic/format.js';
import { postOnBehalfUrl, userMenuActions } from '../logic/menus.js';

/** Its checks run on the server's schema (zod): downloaded when an edit starts, not with the list. */
const EditUserDialog = lazy(async () => ({ default: (await import('../components/EditUserDialog.js')).EditUserDialog }));

/** The list opens unfiltered. */
const NO_FILTERS: { search: string; filter: UserFilter | '' } = { search: '', filter: '' };

/** Users: search by WhatsApp, filter, 'Page X of Y', and a row menu. */
export default function Users() {
  const { t, m, format } = useI18n();
  const notify = useToast();
  const [searchInput, setSearchInput] = useState('');
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const list = useAdminList({
    name: 'users',
    initialFilters: NO_FILTERS,
    load: (q, signal) => listUsers({ page: q.page, search: q.search, filter: q.filter || undefined }, signal),
    shape: {
      rows: (d: AdminUserListResponse) => d.users,
      totalPages: (d: AdminUserListResponse) => d.totalPages,
      withRows: (d: AdminUserListResponse, users: PublicUser[]) => ({ ...d, users }),
    },
  });
  const { search } = list.filters;
  const { setFilters } = list;

  // Typing settles for a moment before the list reloads (same debounce as the public search). Only a
  // changed search goes back to page 1: paging right after the page opens is not undone.
  useEffect(() => {
    const next = searchInput.trim();
    if (next === search) return;
    const timer = setTimeout(() => setFilters({ search: next }), LIMITS.search.debounceMs);
    return () => clearTimeout(timer);
  }, [searchInput, search, setFilters]);

  const columns: Column<PublicUser>[] = [
    { key: 'name', header: t('table.name'), className: 'cell-title', cell: (u) => u.name },
    { key: 'email', header: t('table.email'), className: 'cell-wrap', cell: (u) => u.email },
    { key: 'whatsapp', header: t('table.whatsapp'), cell: (u) => u.whatsapp },
    { key: 'role', header: t('table.role'), cell: (u) => t(`labels.role.${u.role}`, { defaultValue: u.role }) },
    { key: 'status', header: t('table.status'), cell: (u) => <UserStatusBadge status={u.status} /> },
    { key: 'verified', header: t('table.verified'), testId: 'verified', cell: (u) => (u.isVerified ? t('table.yes') : t('table.no')) },
    { key: 'joined', header: t('table.joined'), cell: (u) => formatDate(u.createdAt, format) },
  ];

  function run(user: PublicUser, action: UserAction) {
    list.act({
      row: user,
      call: () => actOnUser(action, user._id),
      // The row shows what the server answered, never a guess.
      updatedRow: (reply) => reply.user,
      success: m.toast.userStatusUpdated,
      failure: () => m.toast.userStatusUpdateFailed,
    });
  }

  /** A staff member who lost their phone: their app is removed and their sessions end (audited). */
  function resetFactor(user: PublicUser) {
    list.act({
      row: user,
      call: () => resetSecondFactor(user._id),
      updatedRow: (reply) => reply.user,
      success: m.secondFactor.reset,
      failure: () => m.toast.userStatusUpdateFailed,
    });
  }

  function menuFor(user: PublicUser): MenuItem[] {
    return userMenuActions(user).map((action): MenuItem => {
      switch (action) {
        case 'postOnBehalf':
          return { key: action, label: t('menu.postOnBehalf'), href: postOnBehalfUrl(user._id) };
        case 'edit':
          return { key: action, label: t('menu.edit'), onSelect: () => setEditing(user) };
        case 'resetSecondFactor':
          return { key: action, label: t('menu.resetSecondFactor'), danger: true, onSelect: () => resetFactor(user) };
        default:
          return { key: action, label: t(`menu.${action}`), danger: action === 'ban', onSelect: () => run(user, action) };
      }
    });
  }

  return (
    <AdminList
      title={t('users.title')}
      toolbar={
        <>
          <label className="field">
            <span>{t('users.search')}</span>
            <input
              type="search"
              inputMode="numeric"
              value={searchInput}
              placeholder={t('users.searchPlaceholder')}
              onChange={(e) => setSearchInput(e.target.value)}
            />
          </label>
          <FilterSelect
            label={t('users.filter')}
            value={list.filters.filter}
            allValue=""
            allLabel={t('users.filterAll')}
            options={USER_FILTERS.map((f) => ({ value: f, label: t(`labels.userFilter.${f}`) }))}
            onChange={(filter) => setFilters({ filter })}
          />
        </>
      }
      columns={columns}
      rows={list.rows}
      rowTestId={(u) => `user-row-${u._id}`}
      actions={(u) => <RowMenu label={t('menu.open', { what: u.name })} items={menuFor(u)} disabled={list.busyId === u._id} />}
      loaded={list.loaded}
      emptyText={t('users.empty')}
      page={list.page}
      totalPages={list.totalPages}
      onPage={list.setPage}
    >
      {editing ? (
        <Suspense fallback={null}>
          <EditUserDialog
            user={editing}
            onClose={() => setEditing(null)}
            onSaved={(user, message) => {
              list.replaceRow(user);
              setEditing(null);
              notify('success', message);
            }}
          />
        </Suspense>
      ) : null}
    </AdminList>
  );
}

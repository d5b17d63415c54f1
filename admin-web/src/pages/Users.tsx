import { LIMITS, MESSAGES, USER_FILTERS, type PublicUser, type UserFilter } from '@mboa/contracts';
import { useToast } from '@mboa/ui';
import { useEffect, useState } from 'react';
import { actOnUser, listUsers, type UserAction } from '../api/admin.js';
import { AdminPager } from '../components/AdminPager.js';
import { UserStatusBadge } from '../components/badges.js';
import { EditUserDialog } from '../components/EditUserDialog.js';
import { ListState } from '../components/ListState.js';
import { RowMenu, type MenuItem } from '../components/RowMenu.js';
import { useLoad } from '../components/useLoad.js';
import { t } from '../i18n/index.js';
import { formatDate } from '../logic/format.js';
import { postOnBehalfUrl, userMenuActions } from '../logic/menus.js';
import { reportAccessLost } from '../session/access.js';

/** Users: search by WhatsApp, filter, 'Page X of Y', and a row menu (spec §2, §4, §6). */
export default function Users() {
  const notify = useToast();
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UserFilter | ''>('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [editing, setEditing] = useState<PublicUser | null>(null);

  // Typing settles for a moment before the list reloads (same debounce as the public search). Only a
  // changed search goes back to page 1: paging right after the page opens is not undone.
  useEffect(() => {
    const next = searchInput.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, LIMITS.search.debounceMs);
    return () => clearTimeout(timer);
  }, [searchInput, search]);

  const list = useLoad(['admin', 'users', page, search, filter], (signal) => listUsers({ page, search, filter: filter || undefined }, signal));
  const users = list.data?.users ?? [];
  const replaceRow = (user: PublicUser) =>
    list.setData((d) => (d ? { ...d, users: d.users.map((u) => (u._id === user._id ? user : u)) } : d));

  async function run(user: PublicUser, action: UserAction) {
    setBusyId(user._id);
    try {
      const reply = await actOnUser(action, user._id);
      // The row shows what the server answered, never a guess.
      replaceRow(reply.user);
      notify('success', MESSAGES.toast.userStatusUpdated);
    } catch (error) {
      reportAccessLost(error);
      notify('error', MESSAGES.toast.userStatusUpdateFailed);
      // The row may be stale (e.g. 409: someone else already acted): show the server's state.
      list.reload();
    } finally {
      setBusyId(null);
    }
  }

  function menuFor(user: PublicUser): MenuItem[] {
    return userMenuActions(user).map((action): MenuItem => {
      switch (action) {
        case 'postOnBehalf':
          return { key: action, label: t.menu.postOnBehalf, href: postOnBehalfUrl(user._id) };
        case 'edit':
          return { key: action, label: t.menu.edit, onSelect: () => setEditing(user) };
        default:
          return { key: action, label: t.menu[action], danger: action === 'ban', onSelect: () => void run(user, action) };
      }
    });
  }

  return (
    <section>
      <h1>{t.users.title}</h1>
      <div className="toolbar">
        <label className="field">
          <span>{t.users.search}</span>
          <input
            type="search"
            inputMode="numeric"
            value={searchInput}
            placeholder={t.users.searchPlaceholder}
            onChange={(e) => setSearchInput(e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t.users.filter}</span>
          <select
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as UserFilter | '');
              setPage(1);
            }}
          >
            <option value="">{t.users.filterAll}</option>
            {USER_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t.users.filters[f]}
              </option>
            ))}
          </select>
        </label>
      </div>

      <ListState loading={list.loading} error={list.error} empty={users.length === 0} emptyText={t.users.empty} onRetry={list.reload} />
      {users.length > 0 ? (
        <table className="data-table" aria-busy={list.loading}>
          <thead>
            <tr>
              <th scope="col">{t.table.name}</th>
              <th scope="col">{t.table.email}</th>
              <th scope="col">{t.table.whatsapp}</th>
              <th scope="col">{t.table.role}</th>
              <th scope="col">{t.table.status}</th>
              <th scope="col">{t.table.verified}</th>
              <th scope="col">{t.table.joined}</th>
              <th scope="col">
                <span className="sr-only">{t.table.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u._id} data-testid={`user-row-${u._id}`}>
                <td data-label={t.table.name} className="cell-title">
                  {u.name}
                </td>
                <td data-label={t.table.email} className="cell-wrap">
                  {u.email}
                </td>
                <td data-label={t.table.whatsapp}>{u.whatsapp}</td>
                <td data-label={t.table.role}>{t.labels.role[u.role] ?? u.role}</td>
                <td data-label={t.table.status}>
                  <UserStatusBadge status={u.status} />
                </td>
                <td data-label={t.table.verified} data-testid="verified">
                  {u.isVerified ? t.table.yes : t.table.no}
                </td>
                <td data-label={t.table.joined}>{formatDate(u.createdAt)}</td>
                <td className="cell-actions">
                  <RowMenu label={t.menu.open(u.name)} items={menuFor(u)} disabled={busyId === u._id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data ? <AdminPager page={page} totalPages={list.data.totalPages} onPage={setPage} /> : null}

      {editing ? (
        <EditUserDialog
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={(user, message) => {
            replaceRow(user);
            setEditing(null);
            notify('success', message);
          }}
        />
      ) : null}
    </section>
  );
}

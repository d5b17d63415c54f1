import { useI18n } from '@mboa/web-core';
import { Link } from 'react-router';
import { getStats } from '../api/admin.js';
import { PropertyStatusBadge, ReviewBadge, UserStatusBadge } from '../components/badges.js';
import { ListState } from '../components/ListState.js';
import { useLoad } from '../components/useLoad.js';
import { adminPriceWithTerm, formatDate, formatDateTime } from '../logic/format.js';

/** Stats of GET /api/admin/stats, latest users, latest properties, latest admin actions. */
export default function Dashboard() {
  const { t, language, format } = useI18n();
  const { data, error, loading, reload } = useLoad(['admin', 'stats'], (signal) => getStats(signal));

  return (
    <section>
      <h1>{t('dashboard.title')}</h1>
      <ListState loading={loading} error={error} empty={!data} emptyText="" onRetry={reload} />
      {data ? (
        <>
          <div className="stats">
            <Stat to="/users" label={t('dashboard.users')} value={data.users.total} />
            <Stat to="/properties" label={t('dashboard.properties')} value={data.properties.total} />
            <Stat to="/requests" label={t('dashboard.searchingRequests')} value={data.requests.searchingCount} />
            <Stat to="/support" label={t('dashboard.pendingTickets')} value={data.support.pendingCount} />
            <Stat to="/verification" label={t('dashboard.verificationPending')} value={data.verificationPending} />
          </div>
          <div className="dash-grid">
            <div className="panel">
              <div className="panel-head">
                <h2>{t('dashboard.latestUsers')}</h2>
                <Link to="/users">{t('dashboard.viewAll')}</Link>
              </div>
              <ul className="plain-list">
                {data.users.latest.map((u) => (
                  <li key={u._id}>
                    <div>
                      <strong>{u.name}</strong>
                      <div className="muted small">
                        {t(`labels.role.${u.role}`, { defaultValue: u.role })} · {u.whatsapp} · {formatDate(u.createdAt, format)}
                      </div>
                    </div>
                    <UserStatusBadge status={u.status} />
                  </li>
                ))}
              </ul>
            </div>
            <div className="panel">
              <div className="panel-head">
                <h2>{t('dashboard.latestProperties')}</h2>
                <Link to="/properties">{t('dashboard.viewAll')}</Link>
              </div>
              <ul className="plain-list">
                {data.properties.latest.map((p) => (
                  <li key={p._id}>
                    <div>
                      <Link to={`/property-review/${encodeURIComponent(p._id)}`}>
                        <strong>{p.title}</strong>
                      </Link>
                      <div className="muted small">
                        {p.town} · {adminPriceWithTerm(p.price, p.paymentTerms ?? p.paymentTerm, language)}
                      </div>
                    </div>
                    <span className="badges">
                      <PropertyStatusBadge status={p.status} />
                      <ReviewBadge isVerified={p.isVerified} reviewState={p.review?.state} />
                    </span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="panel wide">
              <h2>{t('dashboard.latestActions')}</h2>
              {data.actions?.length ? (
                <ul className="plain-list">
                  {data.actions.map((a) => (
                    <li key={a.id}>
                      <div>
                        <span>{a.summary}</span>
                        <div className="muted small">
                          {a.actorName ? `${t('dashboard.by', { name: a.actorName })} · ` : ''}
                          {formatDateTime(a.createdAt, format)}
                        </div>
                      </div>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{t('dashboard.noActions')}</p>
              )}
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}

function Stat({ to, label, value }: { to: string; label: string; value: number }) {
  const { format } = useI18n();
  return (
    <Link to={to} className="stat">
      <span className="stat-value">{format.number(value)}</span>
      <span className="stat-label">{label}</span>
    </Link>
  );
}

import type { ActiveSession } from '@mboa/contracts';
import { ApiError, useI18n } from '@mboa/web-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endOtherSessions, endSession, getSessions } from './api.js';
import '../i18n/parts/profile.js';

export const SESSIONS_KEY = ['me', 'sessions'] as const;

/**
 * The profile's "Where you are signed in" (ASVS 3.3.4): each device the account is signed in on,
 * this one first, with "Sign out" for each other one and "Sign out everywhere else". For the phone
 * left at a cyber café or lent to a cousin. Its own chunk: the profile page loads it.
 */
export default function SessionsSection() {
  const { t, format } = useI18n();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => getSessions(signal) });
  const sessions = list.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current);

  async function run(change: () => Promise<unknown>, success: string) {
    setProblem(null);
    setDone(null);
    setBusy(true);
    try {
      await change();
      setDone(success);
    } catch (error) {
      // Already ended elsewhere: the list below is refreshed either way.
      if (!(error instanceof ApiError && error.status === 404)) setProblem(t('sessions.failed'));
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: SESSIONS_KEY });
    }
  }

  const device = (s: ActiveSession) =>
    s.browser && s.os
      ? t('sessions.device', { browser: s.browser, os: s.os })
      : s.browser
        ? s.browser
        : s.os
          ? t('sessions.deviceOs', { os: s.os })
          : t('sessions.unknownDevice');

  return (
    <section className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('sessions.title')}</h2>
      <p className="muted">{t('sessions.intro')}</p>
      {list.isError ? (
        <p className="form-error" role="alert">
          {t('sessions.loadFailed')}
        </p>
      ) : list.isPending ? (
        <div className="skeleton line w80" aria-busy="true" />
      ) : (
        <ul className="stack plain-list" aria-label={t('sessions.title')}>
          {sessions.map((s) => (
            <li key={s.id} className="row-between">
              <div>
                <p>
                  <strong>{device(s)}</strong> {s.current ? <span className="badge">{t('sessions.thisDevice')}</span> : null}
                </p>
                <p className="muted">
                  {t('sessions.signedIn', { when: format.dateTime(s.createdAt) })} · {t('sessions.lastSeen', { when: format.dateTime(s.lastSeenAt) })}
                </p>
              </div>
              {s.current ? null : (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busy}
                  aria-label={t('sessions.endLabel', { device: device(s), when: format.dateTime(s.lastSeenAt) })}
                  onClick={() => void run(() => endSession(s.id), t('sessions.ended', { device: device(s) }))}
                >
                  {t('sessions.end')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void run(endOtherSessions, t('sessions.othersEnded'))}>
          {t('sessions.endOthers')}
        </button>
      ) : null}
      <p role="status">{done}</p>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

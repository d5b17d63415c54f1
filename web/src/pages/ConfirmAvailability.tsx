import type { AvailabilityConfirmedReply } from '@mboa/contracts';
import { ApiError, useI18n } from '@mboa/web-core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmAvailabilityByToken } from '../api/endpoints.js';
import { Spinner } from '../ui/Spinner.js';

type Outcome = { state: 'confirming' } | { state: 'confirmed'; data: AvailabilityConfirmedReply; message: string } | { state: 'failed'; message: string };

/**
 * Where the reminder e-mail's one-time link lands (/confirm-availability?token=…): it sends the
 * token once, on opening, and says what happened in the language shown. No sign-in needed. The
 * link is a page, not the API itself, so a mail scanner fetching it confirms nothing.
 */
export default function ConfirmAvailability() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' });
  // One try per token: React runs effects twice in development, and the link works only once.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    confirmAvailabilityByToken(token).then(
      (answer) => setOutcome({ state: 'confirmed', data: answer.data, message: answer.message }),
      (error: unknown) =>
        setOutcome({ state: 'failed', message: error instanceof ApiError && error.message ? error.message : t('freshness.confirmFailed') }),
    );
  }, [token, t]);

  const title = t('freshness.pageTitle');
  useEffect(() => {
    document.title = `${title} – ${t('app.documentTitle')}`;
  }, [title, t]);

  const shown: Outcome = token ? outcome : { state: 'failed', message: t('freshness.missingToken') };
  return (
    <div className="container page narrow confirm-availability">
      <h1>{title}</h1>
      {shown.state === 'confirming' ? (
        <>
          <Spinner />
          <p className="muted">{t('freshness.checking')}</p>
        </>
      ) : shown.state === 'confirmed' ? (
        <div className="panel" role="status">
          <p className="strong">{shown.message}</p>
          <p>{t('freshness.done', { title: shown.data.title })}</p>
        </div>
      ) : (
        <div className="panel" role="alert">
          <p className="strong">{t('freshness.failed')}</p>
          <p>{shown.message}</p>
        </div>
      )}
      <p>
        <Link to="/my-listings" className="btn btn-outline">
          {t('freshness.toMyListings')}
        </Link>
      </p>
    </div>
  );
}

import { Spinner } from '@mboa/ui';
import { ApiError } from '@mboa/web-core';
import { t } from '../i18n/index.js';

/** First load: spinner; failure: the server's text and a retry button; empty: a line of text. */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{error instanceof ApiError && error.message ? error.message : t.app.loadFailed}</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
          {t.app.retry}
        </button>
      </div>
    );
  }
  if (loading && empty) return <Spinner label={t.app.loading} />;
  if (empty) return <p className="muted empty">{emptyText}</p>;
  return null;
}

import { Spinner } from '@mboa/ui';
import { ApiError, useI18n } from '@mboa/web-core';

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
  const { t } = useI18n();
  if (error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{error instanceof ApiError && error.message ? error.message : t('app.loadFailed')}</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (loading && empty) return <Spinner label={t('app.loading')} />;
  if (empty) return <p className="muted empty">{emptyText}</p>;
  return null;
}

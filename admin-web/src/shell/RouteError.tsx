import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useI18n } from '@mboa/web-core';

/** A page chunk that failed to download (a new deploy, a dropped connection) or an unexpected error. */
export function RouteError() {
  const { t } = useI18n();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return (
    <div className="panel notice-error" role="alert">
      <p>{t('app.chunkError')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('app.retry')}
      </button>
    </div>
  );
}

export function NotFound() {
  const { t } = useI18n();
  return (
    <div className="panel">
      <h1>{t('app.notFoundTitle')}</h1>
      <p>{t('app.notFoundText')}</p>
    </div>
  );
}

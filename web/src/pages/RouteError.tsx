import { useI18n } from '@mboa/web-core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page fails to render or its code cannot be downloaded (weak signal, new release). */
export function RouteError() {
  const { t } = useI18n();
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="container page narrow center">
      <h1>{notFound ? t('app.notFoundTitle') : t('app.chunkError')}</h1>
      <div className="row-center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('app.retry')}
        </button>
        <Link to="/" className="btn btn-outline" reloadDocument>
          {t('app.goHome')}
        </Link>
      </div>
    </div>
  );
}

import { useI18n } from '@mboa/web-core';
import { Link } from 'react-router';

export default function NotFound() {
  const { t } = useI18n();
  return (
    <div className="container page narrow center">
      <h1>{t('app.notFoundTitle')}</h1>
      <p className="muted">{t('app.notFoundText')}</p>
      <Link to="/" className="btn btn-primary">
        {t('app.goHome')}
      </Link>
    </div>
  );
}

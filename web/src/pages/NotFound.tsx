import { Link } from 'react-router';
import { t } from '../i18n/index.js';

export default function NotFound() {
  return (
    <div className="container page narrow center">
      <h1>{t.app.notFoundTitle}</h1>
      <p className="muted">{t.app.notFoundText}</p>
      <Link to="/" className="btn btn-primary">
        {t.app.goHome}
      </Link>
    </div>
  );
}

import { t } from '../i18n/index.js';

export function Spinner({ label = t.app.loading, page }: { label?: string; page?: boolean }) {
  return (
    <div className={page ? 'spinner-page' : 'spinner-wrap'} role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

import { Spinner as SharedSpinner } from '@mboa/ui';
import { t } from '../i18n/index.js';

/** The shared spinner (libs/ui) with this app's default label. */
export function Spinner({ label = t.app.loading, page }: { label?: string; page?: boolean }) {
  return <SharedSpinner label={label} page={page} />;
}

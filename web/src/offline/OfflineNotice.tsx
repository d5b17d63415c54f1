import { useI18n } from '@mboa/web-core';
import { useConnection } from './connection.js';

/** A thin banner under the navigation while the page shows what this device saved earlier. */
export function OfflineNotice() {
  const { t } = useI18n();
  const connection = useConnection();
  if (connection === 'online') return null;
  return (
    <p className="offline-notice" role="status" data-connection={connection}>
      {connection === 'offline' ? t('offline.offline') : t('offline.saved')}
    </p>
  );
}

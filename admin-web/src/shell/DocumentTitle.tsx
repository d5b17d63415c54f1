import { useI18n } from '@mboa/web-core';
import { useEffect } from 'react';

/** The browser tab names the admin area in the language read now (index.html's title is the first paint). */
export function DocumentTitle() {
  const { t } = useI18n();
  const title = t('app.documentTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

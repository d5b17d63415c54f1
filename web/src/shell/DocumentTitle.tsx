import { useI18n } from '@mboa/web-core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The browser tab's title in the language read, on every page without a title of its own.
 * Rendered before the page in the layout, so its effect runs first and a page's own title
 * (details, static pages) is set after it, on navigation and on a language switch alike.
 */
export function DocumentTitle() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const title = t('app.documentTitle');
  useEffect(() => {
    document.title = title;
  }, [title, pathname]);
  return null;
}

import { MESSAGES } from '@mboa/contracts';
import { PageNav } from '@mboa/ui';
import { t } from '../i18n/index.js';

/** 'Page X of Y' with Prev / Next (under every admin list). */
export function AdminPager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, totalPages || 1);
  return (
    <PageNav
      page={page}
      totalPages={pages}
      text={MESSAGES.ui.pageOf(page, pages)}
      onPage={onPage}
      previousLabel={t.app.prev}
      nextLabel={t.app.next}
    />
  );
}

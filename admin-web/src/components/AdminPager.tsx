import { PageNav } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';

/** 'Page X of Y' with Prev / Next (under every admin list). */
export function AdminPager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t, m } = useI18n();
  const pages = Math.max(1, totalPages || 1);
  return (
    <PageNav
      page={page}
      totalPages={pages}
      text={m.ui.pageOf(page, pages)}
      onPage={onPage}
      previousLabel={t('app.prev')}
      nextLabel={t('app.next')}
    />
  );
}

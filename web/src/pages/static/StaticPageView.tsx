import { useI18n } from '@mboa/web-core';
import { useEffect, type ReactNode } from 'react';
import { SITE } from '../../config.js';
import type { StaticPage } from '../../i18n/en.pages.js';
import '../../i18n/parts/contact.js';

export function StaticPageView({ page, showEmail, children }: { page: StaticPage; showEmail?: boolean; children?: ReactNode }) {
  const { t } = useI18n();
  const appName = t('app.name');
  // The tab's title follows the language too (a switch changes `page`).
  useEffect(() => {
    const previous = document.title;
    document.title = `${page.title} – ${appName}`;
    return () => {
      document.title = previous;
    };
  }, [page.title, appName]);
  return (
    <article className="container page narrow prose">
      <h1>{page.title}</h1>
      <p className="lead">{page.intro}</p>
      {page.updated ? <p className="muted small">{page.updated}</p> : null}
      {page.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      {showEmail ? (
        <p className="panel">
          {t('contactPage.emailLabel')}: <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
        </p>
      ) : null}
      {children}
    </article>
  );
}

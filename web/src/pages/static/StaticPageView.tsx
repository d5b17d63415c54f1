import { useEffect, type ReactNode } from 'react';
import { SITE } from '../../config.js';
import { t } from '../../i18n/index.js';
import type { StaticPage } from '../../i18n/en.pages.js';

export function StaticPageView({ page, showEmail, children }: { page: StaticPage; showEmail?: boolean; children?: ReactNode }) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${page.title} – ${t.app.name}`;
    return () => {
      document.title = previous;
    };
  }, [page.title]);
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
          {t.contactPage.emailLabel}: <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
        </p>
      ) : null}
      {children}
    </article>
  );
}

import type { Language } from '@mboa/contracts';
import { useState } from 'react';
import { LANGUAGES, useI18n } from './i18n.js';

/** Each language named in itself, so a reader finds theirs whatever is shown now. */
const AUTONYMS: Readonly<Record<Language, string>> = { fr: 'Français', en: 'English' };
const ORDER: readonly Language[] = ['fr', 'en'];

/**
 * The FR | EN switch of the top navigation and the sign-in pages. Switching re-renders every
 * mounted screen in the other language at once, after its texts have loaded (a few KB, the first
 * time only); meanwhile the chosen button shows it is on its way. The cookie and the signed-in
 * person's profile follow (libs/web-core i18n.ts, language-on-profile.ts).
 */
export function LanguageSwitch({ label }: { label: string }) {
  const { language, setLanguage } = useI18n();
  const [loading, setLoading] = useState<Language | null>(null);
  return (
    <div className="language-switch" role="group" aria-label={label} aria-busy={loading !== null}>
      {ORDER.filter((l) => LANGUAGES.includes(l)).map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          className={l === language ? 'language-option active' : l === loading ? 'language-option loading' : 'language-option'}
          aria-pressed={l === language}
          aria-label={AUTONYMS[l]}
          title={AUTONYMS[l]}
          onClick={() => {
            if (l === language || loading) return;
            setLoading(l);
            void setLanguage(l).finally(() => setLoading(null));
          }}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

import type { Language } from '@mboa/contracts';
import { LANGUAGES, useI18n } from './i18n.js';

/** Each language named in itself, so a reader finds theirs whatever is shown now. */
const AUTONYMS: Readonly<Record<Language, string>> = { fr: 'Français', en: 'English' };
const ORDER: readonly Language[] = ['fr', 'en'];

/**
 * The FR | EN switch of the top navigation and the sign-in pages. Switching re-renders every
 * mounted screen in the other language at once; `onChosen` lets the app keep the choice on the
 * signed-in person's profile as well (the cookie is written by i18next).
 */
export function LanguageSwitch({ label, onChosen }: { label: string; onChosen?: (language: Language) => void }) {
  const { language, setLanguage } = useI18n();
  return (
    <div className="language-switch" role="group" aria-label={label}>
      {ORDER.filter((l) => LANGUAGES.includes(l)).map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          className={l === language ? 'language-option active' : 'language-option'}
          aria-pressed={l === language}
          aria-label={AUTONYMS[l]}
          title={AUTONYMS[l]}
          onClick={() => {
            if (l === language) return;
            setLanguage(l);
            onChosen?.(l);
          }}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

import type { Language } from '@mboa/contracts';
import { useState } from 'react';
import { LANGUAGES, useI18n } from './i18n.js';

/** Each language named in itself, so a reader finds theirs whatever is shown now. */
const AUTONYMS: Readonly<Record<Language, string>> = { fr: 'Français', en: 'English' };

/**
 * A button's accessible name: the code it shows, then the language named in itself ("FR – Français").
 * The name starts with the visible text, so a voice-control user who says "click FR" reaches it
 * (WCAG 2.5.3, label in name), and a screen reader, told the button's `lang`, still says the
 * language in words the reader of either language understands.
 */
export function languageButtonName(language: Language): string {
  return `${language.toUpperCase()} – ${AUTONYMS[language]}`;
}
const ORDER: readonly Language[] = ['fr', 'en'];

/**
 * The FR | EN switch of the top navigation and the sign-in pages. Switching re-renders every
 * mounted screen in the other language at once, after its texts have loaded (a few KB, the first
 * time only); meanwhile the chosen button shows it is on its way. The cookie and the signed-in
 * person's profile follow (libs/web-core i18n.ts, language-on-profile.ts). `onSwitch` hears the
 * choice as it is made (the public app moves to the page's address in that language).
 */
export function LanguageSwitch({ label, onSwitch }: { label: string; onSwitch?: (language: Language) => void }) {
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
          aria-label={languageButtonName(l)}
          title={AUTONYMS[l]}
          onClick={() => {
            if (l === language || loading) return;
            setLoading(l);
            onSwitch?.(l);
            void setLanguage(l).finally(() => setLoading(null));
          }}
        >
          {l.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

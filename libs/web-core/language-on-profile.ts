import type { Language, PublicUser } from '@mboa/contracts';
import { useEffect, useRef } from 'react';
import { api } from './api.js';
import { useI18n } from './i18n.js';

/**
 * Keeps the signed-in person's profile on the language they read now (at log-in and after every
 * switch), so their e-mails go out in it. One PATCH per difference; a failure is retried on the
 * next change only, because the screens already show the right language.
 */
export function useLanguageOnProfile(user: PublicUser | null, onSaved: (user: PublicUser) => void): void {
  const { language } = useI18n();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!user || user.language === language) return;
    const attempt = `${user._id}:${language}`;
    if (sent.current === attempt) return;
    sent.current = attempt;
    api<{ user: PublicUser }>('/user/me', { method: 'PATCH', body: { language } satisfies { language: Language } })
      .then((answer) => onSaved(answer.user))
      .catch((error: unknown) => console.warn('Could not keep the language on the profile', error));
  }, [user, language, onSaved]);
}

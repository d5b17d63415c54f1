import { useLanguageOnProfile } from '@mboa/web-core';
import { useSession } from './session.js';

/** The signed-in person's profile follows the language they read (their e-mails go out in it). */
export function LanguageOnProfile() {
  const { user, setUser } = useSession();
  useLanguageOnProfile(user, setUser);
  return null;
}

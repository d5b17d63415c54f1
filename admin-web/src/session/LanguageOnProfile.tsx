import type { PublicUser } from '@mboa/contracts';
import { useLanguageOnProfile } from '@mboa/web-core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ACCESS_KEY, useAccess, type Access } from './access.js';

/**
 * The signed-in person's profile follows the language they read here (their e-mails go out in it);
 * the saved profile replaces the one the session holds.
 */
export function LanguageOnProfile() {
  const { access } = useAccess();
  const queryClient = useQueryClient();
  const user = access.state === 'admin' || access.state === 'not-admin' ? access.user : null;
  const onSaved = useCallback(
    (saved: PublicUser) =>
      queryClient.setQueryData<Access>(ACCESS_KEY, (current) =>
        current && (current.state === 'admin' || current.state === 'not-admin') ? { ...current, user: saved } : current,
      ),
    [queryClient],
  );
  useLanguageOnProfile(user, onSaved);
  return null;
}

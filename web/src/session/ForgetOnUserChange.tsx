import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { forgetPersonalAnswers } from '../offline/caches.js';
import { useSession } from './session.js';

/** What one person loaded (profile, listings) is never shown to the next one signing in on this tab. */
export function ForgetOnUserChange() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const userId = user?._id ?? null;
  const cachedFor = useRef(userId);
  useEffect(() => {
    if (cachedFor.current === userId) return;
    const previous = cachedFor.current;
    cachedFor.current = userId;
    // Someone signed out (or another account in): what the service worker kept for them goes too.
    if (previous !== null) void forgetPersonalAnswers().catch(() => undefined);
    // Pages still on screen (the one signing out) keep theirs until they close; nothing is read again.
    queryClient.removeQueries({ type: 'inactive' });
  }, [userId, queryClient]);
  return null;
}

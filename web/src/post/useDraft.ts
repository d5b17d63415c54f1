import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { clearDraft, deviceStorage, hasContent, loadDraft, saveDraft, type Draft, type DraftStorage } from './draft.js';

/** Typing pauses this long before the draft is written; a photo added or removed is written at once. */
const SAVE_AFTER_MS = 300;

/**
 * The wizard's draft on this device: restored once at opening (when nothing was typed yet), then
 * written as the form changes. Storage problems (private mode, no IndexedDB) only mean no draft.
 */
export function useDraft(
  userId: string,
  draft: Draft,
  restore: (draft: Draft) => void,
  storage?: DraftStorage,
): { restored: boolean; forget: () => Promise<void>; saveNow: (draft: Draft) => Promise<void> } {
  // Keyed by account: another person signing in on this tab starts from their own draft.
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  const loaded = loadedFor === userId;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const savedImages = useRef(draft.form.images);

  const restoreIfUntouched = useEffectEvent((found: Draft) => {
    if (hasContent(draft.form)) return;
    savedImages.current = found.form.images;
    restore(found);
    setRestoredFor(userId);
  });

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const found = await loadDraft(userId, storage ?? deviceStorage());
        if (!cancelled && found) restoreIfUntouched(found);
      } catch {
        /* no draft storage on this browser */
      }
      if (!cancelled) setLoadedFor(userId);
    })();
    return () => {
      cancelled = true;
    };
  }, [userId, storage]);

  const { form, step, submission } = draft;
  useEffect(() => {
    if (!loaded) return;
    const photosChanged = savedImages.current !== form.images;
    timer.current = setTimeout(
      () => {
        savedImages.current = form.images;
        void Promise.resolve()
          .then(() => saveDraft(userId, { form, step, submission }, storage ?? deviceStorage()))
          .catch(() => undefined);
      },
      photosChanged ? 0 : SAVE_AFTER_MS,
    );
    return () => clearTimeout(timer.current);
  }, [loaded, userId, form, step, submission, storage]);

  /** Writes the draft at once: its Idempotency-Key must be on the device before the post is sent. */
  const saveNow = useCallback(
    async (now: Draft) => {
      clearTimeout(timer.current);
      savedImages.current = now.form.images;
      await Promise.resolve()
        .then(() => saveDraft(userId, now, storage ?? deviceStorage()))
        .catch(() => undefined);
    },
    [userId, storage],
  );

  const forget = useCallback(async () => {
    clearTimeout(timer.current);
    setRestoredFor(null);
    await Promise.resolve()
      .then(() => clearDraft(userId, storage ?? deviceStorage()))
      .catch(() => undefined);
  }, [userId, storage]);

  return { restored: restoredFor === userId, forget, saveNow };
}

import { useSyncExternalStore } from 'react';
import type { PersonCheckChallenge } from '@mboa/contracts';

/**
 * The person check (docs/api.md#the-person-check) as the apps live it: `api` answers a challenge on
 * its own and sends the request again; while it works, the screens that asked say so
 * (`useCheckingPerson`). Calls solving at once are counted, so the message stays until the last one ends.
 */
let solving = 0;
const listeners = new Set<() => void>();

function change(by: number) {
  solving += by;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while a challenge is being solved for some call of this page. */
export function useCheckingPerson(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => solving > 0,
    () => false,
  );
}

/** The header value answering `challenge`, or null when it could not be found (given up or aborted). */
export async function answerPersonCheck(challenge: PersonCheckChallenge, signal?: AbortSignal): Promise<string | null> {
  change(1);
  try {
    // Loaded only when a challenge arrives: most visits never see one, and this code is not small.
    const { solvePersonCheck } = await import('./person-check-solver.js');
    return await solvePersonCheck(challenge, signal);
  } finally {
    change(-1);
  }
}

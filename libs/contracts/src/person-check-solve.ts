import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { PersonCheckAnswer, PersonCheckChallenge } from './schemas/person-check.js';

/** A challenge that could take longer than this on the person's phone is given up (the form says so). */
const SOLVE_TIMEOUT_MS = 120_000;

/**
 * Solves a challenge with WebCrypto, the same code in every browser and in the gateway's tests, and
 * returns the header's value. Each try is one PBKDF2 call that the browser runs off the page's
 * thread, and the loop yields between tries, so the page stays responsive. Null when given up or aborted.
 */
export async function solvePersonCheck(challenge: PersonCheckChallenge, signal?: AbortSignal): Promise<string | null> {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) return null;
  const answer: PersonCheckAnswer = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  // The answer is ASCII (hex, digits, names), so btoa, which browsers and Node both have, suffices.
  return btoa(JSON.stringify(answer));
}

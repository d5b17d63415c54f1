/**
 * Idempotency-Key on writes (docs/api.md#idempotency-key), after the IETF draft "The
 * Idempotency-Key HTTP Header Field": the client names one user action with a key, sends it again
 * with every retry of that action, and the gateway does the action once.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that was kept from the first request with that key, not made again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** The header's value for a key: a Structured Field string (RFC 8941), quoted, `\` and `"` escaped. */
export function idempotencyKeyHeaderValue(key: string): string {
  return `"${key.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

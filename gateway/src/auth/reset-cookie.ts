import { createHash, randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { LIMITS } from '@mboa/contracts';

export const RESET_COOKIE = 'mboa_reset';
export const RESET_REQUEST_COOKIE = 'mboa_reset_request';
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

/** The name a reset token's or request id's own attempt counter is kept under: never the value itself. */
export function resetTokenRateKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The request cookie `request` gives the asking browser, whether or not the account exists: the
 * code mailed belongs to that request, and `verify` tries it only with this cookie, so strangers
 * who know the e-mail spend nothing of the owner's (docs/api.md#auth-and-profile). Its value is a
 * random id and a tag naming the e-mail it was asked for: the tag only lets `verify` say "ask here
 * first" without looking the account up; the service stores the id's hash with the code.
 */
export function setResetRequestCookie(res: Response, requestId: string, secure: boolean): void {
  res.cookie(RESET_REQUEST_COOKIE, requestId, { ...options(secure), maxAge: LIMITS.passwordReset.codeValidityMinutes * 60_000 });
}

/** A new request id for `email`. */
export function newResetRequestId(email: string): string {
  const id = randomBytes(24).toString('base64url');
  return `${id}.${emailTag(email, id)}`;
}

/** This browser's request id when it asked for a code for `email`, else undefined. */
export function resetRequestId(req: Request, email: string): string | undefined {
  const raw = (req.cookies as Record<string, unknown> | undefined)?.[RESET_REQUEST_COOKIE];
  if (typeof raw !== 'string' || raw.length > 200) return undefined;
  const [id, tag] = raw.split('.');
  return id && tag === emailTag(email, id) ? raw : undefined;
}

function emailTag(email: string, id: string): string {
  return createHash('sha256').update(`reset-request:${email.trim().toLowerCase()}:${id}`).digest('base64url').slice(0, 22);
}

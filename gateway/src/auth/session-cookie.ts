import type { CookieOptions, Response } from 'express';
import { clearSessionMark, setSessionMark } from './session-mark.js';

export const SESSION_COOKIE = 'mboa_session';

/**
 * The session cookie's name: `__Host-mboa_session` when cookies are Secure (HTTPS), so no
 * subdomain and no plain-http page can set or overwrite it; `mboa_session` on plain http (dev, tests).
 * Only that one name is read: a planted cookie of the other name names no session.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export function setSessionCookie(res: Response, token: string, maxAgeMs: number | null, secure: boolean): void {
  const options: CookieOptions = { httpOnly: true, sameSite: 'lax', secure, path: '/' };
  // No maxAge: a browser-session cookie; the server ends it after 24 h without use, 7 days after sign-in at the latest.
  if (maxAgeMs) options.maxAge = maxAgeMs;
  res.cookie(sessionCookieName(secure), token, options);
  // Its readable companion, same lifetime: the web app's offline copies follow it.
  setSessionMark(res, maxAgeMs, secure);
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(sessionCookieName(secure), { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  clearSessionMark(res, secure);
}

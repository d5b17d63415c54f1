import type { CookieOptions, Response } from 'express';

export const SESSION_COOKIE = 'mboa_session';

export function setSessionCookie(res: Response, token: string, maxAgeMs: number | null, secure: boolean): void {
  const options: CookieOptions = { httpOnly: true, sameSite: 'lax', secure, path: '/' };
  // No maxAge: a browser-session cookie; the server ends it after 24 h without use.
  if (maxAgeMs) options.maxAge = maxAgeMs;
  res.cookie(SESSION_COOKIE, token, options);
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
